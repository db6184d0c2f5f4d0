import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practicesApi, rolesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { personName } from '../../lib/names';
import { currentUserQuery } from '../../lib/currentUser';
import { roleLabel } from '../../lib/roles';
import { refreshTeam } from './teamQueries';
import type { TeamScope } from './teamAccess';

type Member = practicesApi.PracticeUser;

export type MemberChange =
  | { kind: 'grant'; role: Role }
  | { kind: 'removeRole'; role: Role }
  | { kind: 'makeAdmin' }
  | { kind: 'removeAdmin' }
  | { kind: 'removeUser' };

function send(scope: TeamScope, member: Member, change: MemberChange): Promise<unknown> {
  const practiceId = scope.practiceId;
  const userId = member.id;
  switch (change.kind) {
    case 'grant':
      return call(rolesApi.grantPracticeRole, { params: { practiceId }, body: { userId, role: change.role } });
    case 'removeRole':
      return call(rolesApi.removePracticeRole, { params: { practiceId, role: change.role }, body: { userId } });
    case 'makeAdmin':
      return call(practicesApi.addAdmin, { params: { id: practiceId }, body: { userId } });
    case 'removeAdmin':
      return call(practicesApi.removeAdmin, { params: { id: practiceId }, body: { userId } });
    case 'removeUser':
      return call(practicesApi.removeUser, { params: { id: practiceId }, body: { userId } });
  }
}

function doneMessage(name: string, change: MemberChange) {
  switch (change.kind) {
    case 'grant':
      return `${name} is now ${roleLabel(change.role)}`;
    case 'removeRole':
      return `${name} is no longer ${roleLabel(change.role)}`;
    case 'makeAdmin':
      return `${name} is now an admin`;
    case 'removeAdmin':
      return `${name} is no longer an admin`;
    case 'removeUser':
      return `${name} was removed from the practice`;
  }
}

/**
 * One change to a member's place in the practice. Failures (the last admin, for one) show the
 * server's own message unless the caller shows them itself, as confirmation dialogs do.
 */
export function useMemberChange(scope: TeamScope, { notifyErrors = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, change }: { member: Member; change: MemberChange }) => send(scope, member, change),
    onSuccess: async (_, { member, change }) => {
      notifications.show({ color: 'teal', message: doneMessage(personName(member), change) });
      // Our own roles decide what this page offers; the session has to learn about them.
      if (member.id === scope.userId) await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
      await refreshTeam(queryClient, scope.practiceId);
    },
    onError: (error, { member }) => {
      if (notifyErrors) {
        notifications.show({
          color: 'red',
          title: `Could not change ${personName(member)}`,
          message: errorMessage(error),
        });
      }
    },
  });
}
