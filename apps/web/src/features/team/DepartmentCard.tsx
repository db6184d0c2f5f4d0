import { useId, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { departmentsApi } from '@referwell/contracts';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { PhoneLink } from '../../ui/PhoneLink';
import { DepartmentMembers } from './DepartmentMembers';
import type { TeamScope } from './teamAccess';

type Department = departmentsApi.DepartmentListItem;

interface DepartmentCardProps {
  scope: TeamScope;
  department: Department;
  manage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function DepartmentCard({ scope, department, manage, onEdit, onDelete }: DepartmentCardProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const people = department.userCount === 1 ? '1 person' : `${department.userCount} people`;
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={600}>{department.name}</Text>
          {department.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {department.description}
            </Text>
          )}
          {department.address && <Text size="sm">{department.address}</Text>}
          {department.phoneNumber && (
            <Text size="sm">
              Phone: <PhoneLink phone={department.phoneNumber} />
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {people}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} people in ${department.name}`}
          >
            {open ? 'Hide people' : 'People'}
          </Button>
          {manage && <EditDeleteButtons name={department.name} onEdit={onEdit} onDelete={onDelete} />}
        </Group>
      </Group>
      {open && (
        <div id={panelId} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <DepartmentMembers scope={scope} departmentId={department.id} manage={manage} />
        </div>
      )}
    </Paper>
  );
}
