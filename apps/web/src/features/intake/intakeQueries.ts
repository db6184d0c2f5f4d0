import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { intakeApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { unreadKeys } from '../unread';

export type Bot = intakeApi.Bot;
export type Submission = intakeApi.Submission;

/** The submission lists of a bot: three by status, and the archive (archived ones of any status). */
export type SubmissionList = 'new' | 'accepted' | 'rejected' | 'archived';

/** Who is looking, from which practice: every intake call is made for the current practice. */
export interface IntakeScope {
  practiceId: number;
  practiceName: string;
  /** May create, change and take down the practice's forms (admins, as for the practice's profile). */
  canManage: boolean;
}

// Mirrors the intake.manage rule of platform/access; every member sees and answers submissions.
const MANAGERS: readonly Role[] = ['ADMIN', 'THIRD_PARTY_ADMIN'];

export function useIntakeScope(): IntakeScope | null {
  const membership = useSession((session) => session.currentPractice);
  if (!membership) return null;
  return {
    practiceId: membership.practice.id,
    practiceName: membership.practice.name,
    canManage: membership.roles.some((role) => MANAGERS.includes(role)),
  };
}

/** Every intake query sits under ['intake', practiceId], so a change can refresh them together. */
export const intakeKeys = {
  practice: (practiceId: number) => ['intake', practiceId] as const,
  bots: (practiceId: number, page: number, takenDown = false) =>
    ['intake', practiceId, 'bots', page, takenDown] as const,
  bot: (practiceId: number, botId: number) => ['intake', practiceId, 'bot', botId] as const,
  submissions: (practiceId: number, botId: number) => ['intake', practiceId, 'bot', botId, 'submissions'] as const,
  counts: (practiceId: number, botId: number) => ['intake', practiceId, 'bot', botId, 'counts'] as const,
  submission: (practiceId: number, id: number) => ['intake', practiceId, 'submission', id] as const,
};

/** The practice's live forms, or (`takenDown`) those taken down, whose submissions are still read. */
export function botsQuery(practiceId: number, page: number, takenDown = false) {
  return queryOptions({
    queryKey: intakeKeys.bots(practiceId, page, takenDown),
    queryFn: ({ signal }) =>
      call(intakeApi.practiceBots, {
        params: { id: practiceId },
        query: { page, pageSize: intakeApi.BOTS_PAGE_SIZE, takenDown: takenDown ? 'true' : 'false' },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Unread counts move as patients send forms; coming back to the tab shows the latest.
    refetchOnWindowFocus: 'always',
  });
}

export function botQuery(practiceId: number, botId: number) {
  return queryOptions({
    queryKey: intakeKeys.bot(practiceId, botId),
    queryFn: ({ signal }) => call(intakeApi.getBot, { params: { id: botId }, signal }),
  });
}

const LIST_QUERY: Record<SubmissionList, { status?: intakeApi.SubmissionStatus; archived: 'true' | 'false' }> = {
  new: { status: 'NEW', archived: 'false' },
  accepted: { status: 'ACCEPTED', archived: 'false' },
  rejected: { status: 'REJECTED', archived: 'false' },
  archived: { archived: 'true' },
};

export function submissionsQuery(practiceId: number, botId: number, list: SubmissionList, page: number) {
  return queryOptions({
    queryKey: [...intakeKeys.submissions(practiceId, botId), list, page],
    queryFn: ({ signal }) =>
      call(intakeApi.botSubmissions, {
        params: { id: botId },
        query: { page, pageSize: intakeApi.SUBMISSIONS_PAGE_SIZE, ...LIST_QUERY[list] },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: 'always',
  });
}

export function submissionCountsQuery(practiceId: number, botId: number) {
  return queryOptions({
    queryKey: intakeKeys.counts(practiceId, botId),
    queryFn: ({ signal }) => call(intakeApi.botSubmissionCounts, { params: { id: botId }, signal }),
    refetchOnWindowFocus: 'always',
  });
}

/** Reading a submission marks it read for the practice (the server does so on this call). */
export function submissionQuery(practiceId: number, id: number) {
  return queryOptions({
    queryKey: intakeKeys.submission(practiceId, id),
    queryFn: ({ signal }) => call(intakeApi.getSubmission, { params: { id }, query: { practiceId }, signal }),
  });
}

/**
 * After a change: the bots (their unread counts), the bot's lists and counts, the navigation's
 * unread count and, when given, the submission itself. Everything under the practice is small, so
 * it is refreshed together.
 */
export function refreshIntake(queryClient: QueryClient, practiceId: number, submission?: Submission) {
  if (submission) queryClient.setQueryData(intakeKeys.submission(practiceId, submission.id), submission);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: intakeKeys.practice(practiceId),
      // The submission just put in place needs no second fetch (which would mark it read again).
      predicate: (query) => query.queryKey[2] !== 'submission',
    }),
    queryClient.invalidateQueries({ queryKey: unreadKeys.practice(practiceId) }),
  ]);
}
