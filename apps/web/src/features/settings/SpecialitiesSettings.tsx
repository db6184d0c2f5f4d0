import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cataloguesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { SpecialitiesField, specialityQueryKey } from '../../ui/SpecialitiesField';
import { ErrorState, LoadingState } from '../../ui/States';

type Speciality = cataloguesApi.Speciality;

const specialitiesKey = (userId: number) => ['users', userId, 'specialities'] as const;

/** Specialities already named need no lookup when the field shows them. */
function rememberNames(queryClient: QueryClient, specialities: Speciality[]) {
  for (const speciality of specialities) queryClient.setQueryData(specialityQueryKey(speciality.id), speciality);
}

/** The specialities a provider practises, which specialty referrals are matched on. */
export function SpecialitiesSettings({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: specialitiesKey(userId),
    queryFn: async ({ signal }) => {
      const specialities = await call(cataloguesApi.userSpecialities, { params: { id: userId }, signal });
      rememberNames(queryClient, specialities);
      return specialities;
    },
  });
  if (saved.isPending) return <LoadingState label="Loading your specialities" />;
  if (saved.isError)
    return (
      <ErrorState
        title="Could not load your specialities"
        error={saved.error}
        onRetry={() => void saved.refetch()}
        retrying={saved.isFetching}
      />
    );
  return <SpecialitiesEditor userId={userId} saved={saved.data} />;
}

function SpecialitiesEditor({ userId, saved }: { userId: number; saved: Speciality[] }) {
  const queryClient = useQueryClient();
  const [ids, setIds] = useState(() => saved.map((speciality) => speciality.id));
  const save = useMutation({
    mutationFn: (specialityIds: number[]) =>
      call(cataloguesApi.setUserSpecialities, { params: { id: userId }, body: { specialityIds } }),
    onSuccess: (specialities) => {
      rememberNames(queryClient, specialities);
      queryClient.setQueryData(specialitiesKey(userId), specialities);
      setIds(specialities.map((speciality) => speciality.id));
      notifications.show({ color: 'teal', message: 'Your specialities are saved' });
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(ids);
      }}
    >
      <Stack>
        <SpecialitiesField
          label="Add a speciality"
          value={ids}
          onChange={(next) => {
            save.reset();
            setIds(next);
          }}
          max={cataloguesApi.MAX_PROVIDER_SPECIALITIES}
          fullMessage={`You list as many specialities as one provider can (${cataloguesApi.MAX_PROVIDER_SPECIALITIES}).`}
        />
        {ids.length === 0 && (
          <Text size="sm">
            None yet. Specialty referrals are offered only to providers who practise the speciality.
          </Text>
        )}
        {save.isError && (
          <Alert color="red" role="alert" variant="light">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save specialities
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
