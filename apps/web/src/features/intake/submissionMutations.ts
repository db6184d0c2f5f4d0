import { useMutation, useQueryClient } from '@tanstack/react-query';
import { intakeApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { refreshChats } from '../chats';
import { intakeKeys, refreshIntake, type IntakeScope, type Submission } from './intakeQueries';

/**
 * What the practice does with a submission. Each answers with the submission (a chat with the
 * chat), which goes straight on screen while the bot's lists and counts are fetched again.
 */
export function useSubmissionMutations(scope: IntakeScope, id: number) {
  const queryClient = useQueryClient();
  const { practiceId } = scope;
  const params = { id };
  const updated = (submission: Submission) => refreshIntake(queryClient, practiceId, submission);

  return {
    accept: useMutation({
      mutationFn: () => call(intakeApi.acceptSubmission, { params, body: { practiceId } }),
      onSuccess: updated,
    }),
    reject: useMutation({
      mutationFn: () => call(intakeApi.rejectSubmission, { params, body: { practiceId } }),
      onSuccess: updated,
    }),
    archive: useMutation({
      mutationFn: (archived: boolean) =>
        call(intakeApi.archiveSubmission, { params, query: { practiceId }, body: { archived } }),
      onSuccess: updated,
    }),
    /** Matches or adds the patient's record and texts them the chat's link. */
    startChat: useMutation({
      mutationFn: () => call(intakeApi.createSubmissionChat, { params, body: { practiceId } }),
      onSuccess: (chat) => {
        queryClient.setQueryData<Submission>(
          intakeKeys.submission(practiceId, id),
          (old) => old && { ...old, chatId: chat.id, patientId: chat.patientId ?? old.patientId },
        );
        return Promise.all([refreshChats(queryClient, practiceId, chat), refreshIntake(queryClient, practiceId)]);
      },
    }),
  };
}

export type SubmissionMutations = ReturnType<typeof useSubmissionMutations>;
