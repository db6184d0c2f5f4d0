import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { referralCommentsApi, type BodyOf } from '@referwell/contracts';
import { call } from '../../lib/api';
import type { PracticeScope } from '../../lib/practiceScope';
import { referralKeys } from './referralQueries';

export type ReferralComment = referralCommentsApi.ReferralComment;
export type Note = referralCommentsApi.Note;

export function commentsQuery(practiceId: number, referralId: number) {
  return queryOptions({
    queryKey: referralKeys.comments(practiceId, referralId),
    queryFn: ({ signal }) =>
      call(referralCommentsApi.listReferralComments, { params: { id: referralId }, query: { practiceId }, signal }),
  });
}

export function notesQuery(practiceId: number, referralId: number) {
  return queryOptions({
    queryKey: referralKeys.notes(practiceId, referralId),
    queryFn: ({ signal }) => call(referralCommentsApi.listNotes, { query: { referralId, practiceId }, signal }),
  });
}

/**
 * Who may be mentioned: in a comment, everyone at every practice that sees the referral; in a
 * note, which stays inside the practice, only the practice's own people.
 */
export type MentionAudience = 'comment' | 'note';

/** The people an @mention may name, by name, matching `query`. */
export function mentionsQuery(audience: MentionAudience, practiceId: number, referralId: number, query: string) {
  return queryOptions({
    queryKey: [...referralKeys.mentions(practiceId, referralId), audience, query],
    queryFn: ({ signal }) =>
      audience === 'comment'
        ? call(referralCommentsApi.referralMentions, {
            params: { id: referralId },
            query: { practiceId, query: query || undefined },
            signal,
          })
        : call(referralCommentsApi.noteMentions, {
            query: { referralId, practiceId, query: query || undefined },
            signal,
          }),
    staleTime: 60_000,
  });
}

export type CommentBody = Omit<BodyOf<typeof referralCommentsApi.createReferralComment>, 'practiceId'>;

export function useCreateComment(scope: PracticeScope, referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentBody) =>
      call(referralCommentsApi.createReferralComment, {
        params: { id: referralId },
        body: { ...body, practiceId: scope.practiceId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.comments(scope.practiceId, referralId) }),
  });
}

export interface NoteBody {
  message: string;
  files?: number[];
  usersMentioned: number[];
}

/** Creating, editing and deleting notes, each refreshing the referral's notes. */
export function useNoteChanges(scope: PracticeScope, referralId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: referralKeys.notes(scope.practiceId, referralId) });
  return {
    create: useMutation({
      mutationFn: (body: NoteBody) =>
        call(referralCommentsApi.createNote, { body: { ...body, referralId, practiceId: scope.practiceId } }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: NoteBody & { id: number }) =>
        call(referralCommentsApi.updateNote, { params: { id }, body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(referralCommentsApi.deleteNote, { params: { id } }),
      onSuccess,
    }),
  };
}
