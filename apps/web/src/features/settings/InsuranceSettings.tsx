import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cataloguesApi, type PracticeSummary } from '@referwell/contracts';
import { call } from '../../lib/api';
import { findInsurances } from '../../lib/catalogueSearch';
import { errorMessage } from '../../lib/errors';
import { RemovablePills } from '../../ui/RemovablePills';
import { SearchSelect } from '../../ui/SearchSelect';
import { ErrorState, LoadingState } from '../../ui/States';

type MatrixEntry = cataloguesApi.InsuranceMatrixEntry;

const matrixKey = (userId: number) => ['users', userId, 'insurance'] as const;

/**
 * The insurances a provider accepts at each practice where they see patients. The server adds and
 * removes one payer at a time, so each pick or removal is saved as it is made.
 */
export function InsuranceSettings({ userId, practices }: { userId: number; practices: PracticeSummary[] }) {
  const matrix = useQuery({
    queryKey: matrixKey(userId),
    queryFn: ({ signal }) => call(cataloguesApi.insuranceMatrix, { params: { id: userId }, signal }),
  });
  if (matrix.isPending) return <LoadingState label="Loading the insurances you accept" />;
  if (matrix.isError)
    return (
      <ErrorState
        title="Could not load the insurances you accept"
        error={matrix.error}
        onRetry={() => void matrix.refetch()}
        retrying={matrix.isFetching}
      />
    );
  return (
    <Stack gap="lg">
      {practices.map((practice) => (
        <PracticeInsurances
          key={practice.id}
          userId={userId}
          practice={practice}
          accepted={matrix.data.find((entry) => entry.practiceId === practice.id)?.insurances ?? []}
        />
      ))}
    </Stack>
  );
}

type Change = { kind: 'add' | 'remove'; insurance: { id: number; name: string } };

function PracticeInsurances({
  userId,
  practice,
  accepted,
}: {
  userId: number;
  practice: PracticeSummary;
  accepted: cataloguesApi.Insurance[];
}) {
  const queryClient = useQueryClient();
  // Each pick empties the search box for the next one.
  const [round, setRound] = useState(0);
  const change = useMutation({
    mutationFn: ({ kind, insurance }: Change) =>
      call(kind === 'add' ? cataloguesApi.addUserInsurance : cataloguesApi.removeUserInsurance, {
        params: { id: userId },
        body: { practiceId: practice.id, insuranceId: insurance.id },
      }),
    onSuccess: (entry, { kind, insurance }) => {
      queryClient.setQueryData<MatrixEntry[]>(matrixKey(userId), (previous) =>
        previous?.some((one) => one.practiceId === entry.practiceId)
          ? previous.map((one) => (one.practiceId === entry.practiceId ? entry : one))
          : [...(previous ?? []), entry],
      );
      notifications.show({
        color: 'teal',
        message:
          kind === 'add'
            ? `${insurance.name} is now accepted at ${practice.name}`
            : `${insurance.name} is no longer accepted at ${practice.name}`,
      });
    },
  });
  const headingId = `insurances-${practice.id}`;

  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {practice.name}
      </Title>
      <SearchSelect
        key={round}
        label={`Add an insurance accepted at ${practice.name}`}
        placeholder="Search insurance payers"
        nothingFound="No insurance payer matches"
        queryKey={['catalogues', 'insurances']}
        search={findInsurances}
        value={null}
        onChange={(option) => {
          if (!option) return;
          setRound((n) => n + 1);
          if (accepted.some((insurance) => insurance.id === option.id)) return;
          change.mutate({ kind: 'add', insurance: option.value });
        }}
      />
      {accepted.length === 0 ? (
        <Text size="sm">
          None yet. Referrals that name an insurance are offered here only to providers who accept it.
        </Text>
      ) : (
        <RemovablePills
          label={`Insurances accepted at ${practice.name}`}
          items={accepted}
          disabled={change.isPending}
          onRemove={(id) => {
            const insurance = accepted.find((one) => one.id === id);
            if (insurance) change.mutate({ kind: 'remove', insurance });
          }}
        />
      )}
      {change.isPending && (
        <Text size="sm" c="dimmed" role="status">
          Saving…
        </Text>
      )}
      {change.isError && (
        <Alert color="red" role="alert" variant="light">
          {errorMessage(change.error)}
        </Alert>
      )}
    </Stack>
  );
}
