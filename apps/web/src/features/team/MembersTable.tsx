import { Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { practicesApi, Role } from '@referwell/contracts';
import { personName } from '../../lib/names';
import { roleLabel } from '../../lib/roles';
import { PhoneLink } from '../../ui/PhoneLink';
import { MemberActions } from './MemberActions';
import type { TeamScope } from './teamAccess';

type Member = practicesApi.PracticeUser;

interface MembersTableProps {
  scope: TeamScope;
  members: Member[];
  /** Shows each member's Manage menu (team.manage). */
  manage: boolean;
  onRemove: (member: Member) => void;
  onRemoveOnlyRole: (member: Member, role: Role) => void;
}

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

export function MembersTable({ scope, members, manage, onRemove, onRemoveOnlyRole }: MembersTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Phone</Table.Th>
            <Table.Th scope="col">Roles</Table.Th>
            {manage && (
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Th scope="row" fw={600}>
                {personName(member)}
                {member.id === scope.userId && (
                  <Text span c="dimmed" size="sm" fw={400}>
                    {' '}
                    (you)
                  </Text>
                )}
              </Table.Th>
              <Table.Td>{member.title || none}</Table.Td>
              <Table.Td>
                {member.email ? <Anchor href={`mailto:${member.email}`}>{member.email}</Anchor> : none}
              </Table.Td>
              <Table.Td>{member.phone ? <PhoneLink phone={member.phone} /> : none}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {member.roles.map((role) => (
                    <Badge key={role} variant="light" color={role === 'ADMIN' ? 'grape' : 'teal'}>
                      {roleLabel(role)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              {manage && (
                <Table.Td>
                  <MemberActions
                    scope={scope}
                    member={member}
                    onRemove={onRemove}
                    onRemoveOnlyRole={onRemoveOnlyRole}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
