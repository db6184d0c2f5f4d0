import { useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organisationsApi, PAGE_SIZE } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPagination } from '../../ui/ListPagination';
import { practicesQuery } from '../../lib/practicesQuery';
import { AttachCurrentPractice } from './AttachCurrentPractice';
import { MY_ORGANISATIONS_KEY, organisationKey, practiceQuery } from './organisationQueries';

type OrganisationPractice = organisationsApi.OrganisationPractice;

const FILTER_DELAY_MS = 300;

interface OrganisationPracticesProps {
  organisationId: number;
  organisationName: string;
  canManage: boolean;
}

export function OrganisationPractices({ organisationId, organisationName, canManage }: OrganisationPracticesProps) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [query] = useDebouncedValue(text.trim(), FILTER_DELAY_MS);
  const filterInput = useRef<HTMLInputElement>(null);
  const [detaching, setDetaching] = useState<OrganisationPractice | null>(null);
  const listKey = [...organisationKey(organisationId), 'practices'] as const;
  const practices = useQuery({
    queryKey: [...listKey, query, page],
    queryFn: ({ signal }) =>
      call(organisationsApi.organisationPractices, {
        params: { id: organisationId },
        query: { page, query: query || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  // Taking a practice out needs its ADMIN role too.
  const myPractices = useQuery(practicesQuery());
  const adminOf = new Set((myPractices.data ?? []).filter((m) => m.roles.includes('ADMIN')).map((m) => m.practice.id));

  const billing = useMutation({
    mutationFn: ({ practice, billed }: { practice: OrganisationPractice; billed: boolean }) => {
      const options = { params: { id: organisationId }, body: { practiceId: practice.id } };
      return billed
        ? call(organisationsApi.addBillingPractice, options)
        : call(organisationsApi.removeBillingPractice, options);
    },
    onSuccess: async (updated) => {
      notifications.show({
        color: 'teal',
        message:
          updated.billingBasis === 'ORGANISATION'
            ? `${updated.name} is now billed to ${organisationName}`
            : `${updated.name} pays for itself again`,
      });
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error, { practice }) =>
      notifications.show({
        color: 'red',
        title: `Could not change billing for ${practice.name}`,
        message: errorMessage(error),
      }),
  });
  const detach = useMutation({
    mutationFn: (practice: OrganisationPractice) =>
      call(organisationsApi.detachPractice, { params: { id: organisationId, practiceId: practice.id } }),
    onSuccess: async (_, practice) => {
      notifications.show({ color: 'teal', message: `${practice.name} is no longer part of ${organisationName}` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
        queryClient.invalidateQueries({ queryKey: practiceQuery(practice.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: MY_ORGANISATIONS_KEY }),
      ]);
      // Closed once the row is gone, so focus does not return to its removed button.
      setDetaching(null);
      filterInput.current?.focus();
    },
  });

  function practiceList(): ReactNode {
    if (practices.isPending) return <LoadingState label="Loading practices" />;
    if (practices.isError) {
      return (
        <ErrorState
          title="Could not load the practices"
          error={practices.error}
          onRetry={() => void practices.refetch()}
        />
      );
    }
    if (practices.data.data.length === 0) {
      return <EmptyMessage title={query ? 'No practices match' : 'No practices yet'} />;
    }
    return (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Practices of the organisation"
      >
        {practices.data.data.map((practice) => {
          const billed = practice.billingBasis === 'ORGANISATION';
          const changing = billing.isPending && billing.variables?.practice.id === practice.id;
          return (
            <Paper component="li" key={practice.id} withBorder radius="md" p="sm">
              <Group justify="space-between" gap="sm">
                <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
                  <Text fw={500} truncate="end">
                    {practice.name}
                  </Text>
                  {practice.address && (
                    <Text size="sm" c="dimmed" truncate="end">
                      {practice.address}
                    </Text>
                  )}
                </Stack>
                <Group gap="sm">
                  {canManage ? (
                    <Switch
                      label="Billed to the organisation"
                      aria-label={`Billed to the organisation: ${practice.name}`}
                      checked={changing ? billing.variables.billed : billed}
                      disabled={changing}
                      onChange={(event) => billing.mutate({ practice, billed: event.currentTarget.checked })}
                    />
                  ) : (
                    <Badge variant="light" color={billed ? 'teal' : 'gray'}>
                      {billed ? 'Billed to the organisation' : 'Pays for itself'}
                    </Badge>
                  )}
                  {canManage && adminOf.has(practice.id) && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${practice.name} from the organisation`}
                      onClick={() => {
                        detach.reset();
                        setDetaching(practice);
                      }}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {canManage && <AttachCurrentPractice organisationId={organisationId} organisationName={organisationName} />}
      <TextInput
        ref={filterInput}
        label="Filter practices by name"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setPage(0);
        }}
      />
      {practiceList()}
      {practices.data && (
        <ListPagination
          label="Practices pages"
          page={page}
          pageSize={PAGE_SIZE.organisationPractices}
          count={practices.data.count}
          onChange={setPage}
        />
      )}
      <ConfirmDialog
        opened={detaching !== null}
        title="Remove this practice from the organisation?"
        confirmLabel="Remove practice"
        onConfirm={() => detaching && detach.mutate(detaching)}
        onCancel={() => setDetaching(null)}
        loading={detach.isPending}
        error={detach.error}
      >
        {`${detaching?.name ?? 'The practice'} will leave ${organisationName} and pay for itself again.`}
      </ConfirmDialog>
    </Stack>
  );
}
