import { useState } from 'react';
import { Badge, Button, CloseButton, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { Role, rolesApi } from '@referwell/contracts';
import { personName } from '../../lib/names';
import { roleLabel } from '../../lib/roles';

interface MemberRowProps {
  member: rolesApi.RoleHolder;
  canManage: boolean;
  granting: boolean;
  onGrant: (role: Role) => void;
  onRemove: (role: Role) => void;
}

/** One member with their roles; admins give more roles or take them away. */
export function MemberRow({ member, canManage, granting, onGrant, onRemove }: MemberRowProps) {
  const name = personName(member.user);
  const [role, setRole] = useState('');
  const missing = Role.options.filter((r) => !member.roles.includes(r));

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        {/* On narrow screens the role controls go under the name instead of squeezing it. */}
        <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
          <Text fw={500} truncate="end">
            {name}
          </Text>
          {member.user.email && (
            <Text size="sm" c="dimmed" truncate="end">
              {member.user.email}
            </Text>
          )}
          <Group gap={6} mt={4}>
            {member.roles.map((held) => (
              <Badge
                key={held}
                variant="light"
                rightSection={
                  canManage ? (
                    <CloseButton
                      size="xs"
                      variant="transparent"
                      aria-label={`Take the ${roleLabel(held)} role from ${name}`}
                      onClick={() => onRemove(held)}
                    />
                  ) : undefined
                }
              >
                {roleLabel(held)}
              </Badge>
            ))}
          </Group>
        </Stack>
        {canManage && missing.length > 0 && (
          <Group gap="xs" align="flex-end">
            {/* A native select: light enough for a page of 30 members. */}
            <NativeSelect
              aria-label={`Role to give ${name}`}
              data={[{ value: '', label: 'Add a role…' }, ...missing.map((r) => ({ value: r, label: roleLabel(r) }))]}
              value={role}
              onChange={(event) => setRole(event.currentTarget.value)}
              size="xs"
              w={170}
            />
            <Button
              size="xs"
              variant="light"
              disabled={role === ''}
              loading={granting}
              aria-label={`Give role to ${name}`}
              onClick={() => {
                if (!role) return;
                onGrant(Role.parse(role));
                setRole('');
              }}
            >
              Give role
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
