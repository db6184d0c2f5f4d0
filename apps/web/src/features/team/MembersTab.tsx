import { useRef, useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRACTICE_USER_SEARCH_MIN, practicesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName } from '../../lib/names';
import { roleLabel } from '../../lib/roles';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LeavePracticeSection } from './LeavePracticeSection';
import { ListPagination } from '../../ui/ListPagination';
import { MembersTable } from './MembersTable';
import { canManageTeam, type TeamScope } from './teamAccess';
import { teamKeys } from './teamQueries';
import { useMemberChange } from './useMemberChange';

type Member = practicesApi.PracticeUser;
type Pending = { kind: 'remove'; member: Member } | { kind: 'onlyRole'; member: Member; role: Role };

const PAGE_SIZE = practicesApi.PRACTICE_USERS_PAGE_SIZE;
const FILTER_DEBOUNCE_MS = 300;

export function MembersTab({ scope }: { scope: TeamScope }) {
  const filterRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  // Spec 1 §5: shorter filters are not sent at all.
  const name = debounced.length >= PRACTICE_USER_SEARCH_MIN ? debounced : undefined;
  // The page belongs to the filter it was chosen under; a new filter starts at the first page.
  const [paging, setPaging] = useState<{ name?: string; page: number }>({ page: 0 });
  const page = paging.name === name ? paging.page : 0;
  const [pending, setPending] = useState<Pending | null>(null);
  const confirmed = useMemberChange(scope, { notifyErrors: false });

  const members = useQuery({
    queryKey: [...teamKeys.members(scope.practiceId), { page, name }],
    queryFn: ({ signal }) =>
      call(practicesApi.users, {
        params: { id: scope.practiceId },
        query: { page, pageSize: PAGE_SIZE, name },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  // Removing the last person on the last page leaves nothing to show there.
  if (members.data && !members.isPlaceholderData && members.data.data.length === 0 && page > 0)
    setPaging({ name, page: page - 1 });

  function ask(next: Pending) {
    confirmed.reset();
    setPending(next);
  }

  function confirm() {
    if (!pending) return;
    const change =
      pending.kind === 'remove' ? { kind: 'removeUser' as const } : { kind: 'removeRole' as const, role: pending.role };
    confirmed.mutate(
      { member: pending.member, change },
      {
        onSuccess: () => {
          setPending(null);
          // The row that opened the dialog is gone; the list's own search box is the next sensible place.
          filterRef.current?.focus();
        },
      },
    );
  }

  const tooShort = filter.trim().length > 0 && filter.trim().length < PRACTICE_USER_SEARCH_MIN;
  let content;
  if (members.isPending) content = <LoadingState label="Loading the team" />;
  else if (members.isError) {
    content = (
      <ErrorState
        title="Could not load the team"
        error={members.error}
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    );
  } else if (members.data.data.length === 0) {
    content = <EmptyMessage title={name ? `Nobody matches “${name}”` : 'Nobody in this practice yet'} />;
  } else {
    content = (
      <>
        <MembersTable
          scope={scope}
          members={members.data.data}
          manage={canManageTeam(scope.roles)}
          onRemove={(member) => ask({ kind: 'remove', member })}
          onRemoveOnlyRole={(member, role) => ask({ kind: 'onlyRole', member, role })}
        />
        <ListPagination
          label="Team pages"
          page={page}
          pageSize={PAGE_SIZE}
          count={members.data.count}
          onChange={(next) => setPaging({ name, page: next })}
        />
      </>
    );
  }

  const who = pending ? personName(pending.member) : '';
  return (
    <Stack gap="md">
      <TextInput
        ref={filterRef}
        label="Search the team"
        description={tooShort ? `Type at least ${PRACTICE_USER_SEARCH_MIN} characters` : 'Name or e-mail'}
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={420}
      />
      {content}
      <LeavePracticeSection scope={scope} />
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'onlyRole' ? `Take ${who}’s last role?` : `Remove ${who} from the practice?`}
        confirmLabel={pending?.kind === 'onlyRole' ? `Remove ${roleLabel(pending.role)} role` : 'Remove from practice'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        loading={confirmed.isPending}
        error={confirmed.error}
      >
        {pending?.kind === 'onlyRole'
          ? `${roleLabel(pending.role)} is ${who}’s only role in ${scope.practiceName}; without it they leave the practice and its departments.`
          : `${who} will lose access to ${scope.practiceName} and leave its departments and networks. They can come back with a new invite.`}
      </ConfirmDialog>
    </Stack>
  );
}
