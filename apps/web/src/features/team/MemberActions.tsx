import { Button, Menu } from '@mantine/core';
import type { practicesApi, Role } from '@referwell/contracts';
import { personName } from '../../lib/names';
import { roleLabel } from '../../lib/roles';
import { isAdmin, type TeamScope } from './teamAccess';
import { useMemberChange } from './useMemberChange';

type Member = practicesApi.PracticeUser;

/** ADMIN has its own make/remove item, which uses the practice's admin calls. */
const MENU_ROLES: readonly Role[] = ['PROVIDER', 'STAFF', 'THIRD_PARTY_ADMIN', 'THIRD_PARTY_STAFF'];

interface MemberActionsProps {
  scope: TeamScope;
  member: Member;
  /** Asks before taking someone out of the practice. */
  onRemove: (member: Member) => void;
  /** Taking someone's only role also takes them out of the practice, so that asks first too. */
  onRemoveOnlyRole: (member: Member, role: Role) => void;
}

export function MemberActions({ scope, member, onRemove, onRemoveOnlyRole }: MemberActionsProps) {
  const change = useMemberChange(scope);
  const name = personName(member);
  const self = member.id === scope.userId;
  const memberIsAdmin = member.roles.includes('ADMIN');

  function toggle(role: Role) {
    if (!member.roles.includes(role)) change.mutate({ member, change: { kind: 'grant', role } });
    else if (member.roles.length === 1) onRemoveOnlyRole(member, role);
    else change.mutate({ member, change: { kind: 'removeRole', role } });
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" loading={change.isPending} aria-label={`Manage ${name}`}>
          Manage
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Roles</Menu.Label>
        {MENU_ROLES.map((role) => {
          const holds = member.roles.includes(role);
          // Taking one's own only role would mean leaving; that has its own button.
          const disabled = holds && self && member.roles.length === 1;
          return (
            <Menu.Item key={role} disabled={disabled} onClick={() => toggle(role)}>
              {holds ? `Remove ${roleLabel(role)} role` : `Give ${roleLabel(role)} role`}
            </Menu.Item>
          );
        })}
        {isAdmin(scope.roles) && (
          <>
            <Menu.Divider />
            <Menu.Item
              onClick={() => change.mutate({ member, change: { kind: memberIsAdmin ? 'removeAdmin' : 'makeAdmin' } })}
            >
              {memberIsAdmin ? 'Remove admin' : 'Make admin'}
            </Menu.Item>
          </>
        )}
        {!self && (
          <>
            <Menu.Divider />
            <Menu.Item color="red.8" onClick={() => onRemove(member)}>
              Remove from practice
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
