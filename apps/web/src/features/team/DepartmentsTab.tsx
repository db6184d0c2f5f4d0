import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departmentsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DepartmentCard } from './DepartmentCard';
import { DepartmentFormModal } from './DepartmentForm';
import { ListPagination } from '../../ui/ListPagination';
import { usePaged } from '../../ui/usePaged';
import { canManageTeam, type TeamScope } from './teamAccess';
import { teamKeys } from './teamQueries';

type Department = departmentsApi.DepartmentListItem;

export function DepartmentsTab({ scope }: { scope: TeamScope }) {
  const queryClient = useQueryClient();
  const manage = canManageTeam(scope.roles);
  const [editing, setEditing] = useState<{ department: Department | null } | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);

  const departments = useQuery({
    queryKey: teamKeys.departments(scope.practiceId),
    queryFn: ({ signal }) => call(departmentsApi.practiceDepartments, { params: { id: scope.practiceId }, signal }),
  });
  // The API returns every department at once; the page shows them in pages.
  const paged = usePaged(departments.data ?? []);

  const remove = useMutation({
    mutationFn: (department: Department) => call(departmentsApi.deleteDepartment, { params: { id: department.id } }),
    onSuccess: async (_, department) => {
      setDeleting(null);
      notifications.show({ color: 'teal', message: `${department.name} was deleted` });
      await queryClient.invalidateQueries({ queryKey: teamKeys.departments(scope.practiceId) });
    },
  });

  let content;
  if (departments.isPending) content = <LoadingState label="Loading departments" />;
  else if (departments.isError) {
    content = (
      <ErrorState
        title="Could not load departments"
        error={departments.error}
        onRetry={() => void departments.refetch()}
        retrying={departments.isFetching}
      />
    );
  } else if (departments.data.length === 0) {
    content = (
      <EmptyMessage title="No departments yet">
        {manage ? 'Create departments to group the people of the practice.' : 'Admins of the practice can create them.'}
      </EmptyMessage>
    );
  } else {
    content = (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Departments">
          {paged.items.map((department) => (
            <DepartmentCard
              key={department.id}
              scope={scope}
              department={department}
              manage={manage}
              onEdit={() => setEditing({ department })}
              onDelete={() => {
                remove.reset();
                setDeleting(department);
              }}
            />
          ))}
        </Stack>
        <ListPagination {...paged.pagination} label="Department pages" />
      </>
    );
  }

  return (
    <Stack gap="md">
      {manage && (
        <Group>
          <Button onClick={() => setEditing({ department: null })}>New department</Button>
        </Group>
      )}
      {content}
      <DepartmentFormModal
        scope={scope}
        department={editing?.department ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this department'}?`}
        confirmLabel="Delete department"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.error}
      >
        The department goes away; its people stay in the practice.
      </ConfirmDialog>
    </Stack>
  );
}
