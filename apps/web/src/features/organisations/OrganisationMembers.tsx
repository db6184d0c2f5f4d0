import { useRef, useState, type ReactNode } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organisationsApi, PAGE_SIZE, rolesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { personName } from '../../lib/names';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPagination } from '../../ui/ListPagination';
import { roleLabel } from '../../lib/roles';
import { AddMemberForm } from './AddMemberForm';
import { MemberRow } from './MemberRow';
import { MY_ORGANISATIONS_KEY, organisationKey } from './organisationQueries';

const FILTER_DELAY_MS = 300;

type Person = { id: number; firstName: string; lastName: string };

export function OrganisationMembers({ organisationId, canManage }: { organisationId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ person: Person; role: Role } | null>(null);
  const [query] = useDebouncedValue(text.trim(), FILTER_DELAY_MS);
  const filterInput = useRef<HTMLInputElement>(null);
  const membersKey = [...organisationKey(organisationId), 'members'] as const;
  const members = useQuery({
    queryKey: [...membersKey, query, page],
    queryFn: ({ signal }) =>
      call(organisationsApi.organisationMembers, {
        params: { id: organisationId },
        query: { page, query: query || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  // One's own roles shape the whole page, so a change to them reloads the organisation too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
      queryClient.invalidateQueries({ queryKey: MY_ORGANISATIONS_KEY }),
    ]);
  const grant = useMutation({
    mutationFn: ({ person, role }: { person: Person; role: Role }) =>
      call(rolesApi.grantOrganisationRole, { params: { organisationId }, body: { userId: person.id, role } }),
    onSuccess: async (_, { person, role }) => {
      notifications.show({ color: 'teal', message: `${personName(person)} now has the ${roleLabel(role)} role` });
      await refresh();
    },
    onError: (error, { person }) =>
      notifications.show({
        color: 'red',
        title: `Could not give ${personName(person)} the role`,
        message: errorMessage(error),
      }),
  });
  const remove = useMutation({
    mutationFn: ({ person, role }: { person: Person; role: Role }) =>
      call(rolesApi.removeOrganisationRole, { params: { organisationId, role }, body: { userId: person.id } }),
    onSuccess: async (_, { person, role }) => {
      notifications.show({ color: 'teal', message: `${personName(person)} no longer has the ${roleLabel(role)} role` });
      // The dialog stays until the list no longer shows the role, then focus goes back to the list.
      await refresh();
      setRemoving(null);
      filterInput.current?.focus();
    },
  });

  function memberList(): ReactNode {
    if (members.isPending) return <LoadingState label="Loading members" />;
    if (members.isError)
      return (
        <ErrorState title="Could not load the members" error={members.error} onRetry={() => void members.refetch()} />
      );
    if (members.data.data.length === 0) return <EmptyMessage title={query ? 'Nobody matches' : 'No members yet'} />;
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members of the organisation">
        {members.data.data.map((member) => (
          <MemberRow
            key={member.user.id}
            member={member}
            canManage={canManage}
            granting={grant.isPending && grant.variables?.person.id === member.user.id}
            onGrant={(role) => grant.mutate({ person: member.user, role })}
            onRemove={(role) => {
              remove.reset();
              setRemoving({ person: member.user, role });
            }}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {canManage && (
        <Group>
          <Button size="xs" variant="light" aria-expanded={adding} onClick={() => setAdding((open) => !open)}>
            Add someone
          </Button>
        </Group>
      )}
      {canManage && adding && (
        <AddMemberForm
          addingId={grant.isPending ? (grant.variables?.person.id ?? null) : null}
          onAdd={(person, role) => grant.mutate({ person, role })}
        />
      )}
      <TextInput
        ref={filterInput}
        label="Filter members by name"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setPage(0);
        }}
      />
      {memberList()}
      {members.data && (
        <ListPagination
          label="Members pages"
          page={page}
          pageSize={PAGE_SIZE.organisationMembers}
          count={members.data.count}
          onChange={setPage}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Take this role away?"
        confirmLabel="Take role"
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
        loading={remove.isPending}
        error={remove.error}
      >
        {removing
          ? `${personName(removing.person)} will no longer have the ${roleLabel(removing.role)} role in the organisation. Without any role they leave it.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
