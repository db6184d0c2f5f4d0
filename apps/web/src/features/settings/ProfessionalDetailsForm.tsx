import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cataloguesApi, userBusinessApi, type directoryApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { ErrorState, LoadingState } from '../../ui/States';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { userProfileQuery } from '../search';

const { MAX_BIO_LENGTH, MAX_CREDENTIALS_LENGTH } = userBusinessApi;
const FIELDS = ['credentials', 'npi', 'bio'] as const;
type Professional = userBusinessApi.ProfessionalDetails;

/** Credentials, NPI and bio, as other practices see them on one's profile (PUT user/business/settings). */
export function ProfessionalDetailsSettings({ userId }: { userId: number }) {
  const profile = useQuery(userProfileQuery(userId));
  if (profile.isPending) return <LoadingState label="Loading your professional details" />;
  if (profile.isError) {
    return (
      <ErrorState
        title="Could not load your professional details"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return <ProfessionalDetailsForm userId={userId} saved={profile.data.professional} />;
}

function ProfessionalDetailsForm({ userId, saved }: { userId: number; saved: Professional }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { credentials: saved.credentials ?? '', npi: saved.npi ?? '', bio: saved.bio ?? '' },
    validate: {
      credentials: (value) =>
        value.trim().length > MAX_CREDENTIALS_LENGTH ? `Use at most ${MAX_CREDENTIALS_LENGTH} characters` : null,
      npi: (value) =>
        value.trim() === '' || cataloguesApi.isValidNpi(value.trim())
          ? null
          : 'Enter a 10-digit NPI ending in its check digit',
      bio: (value) => (value.trim().length > MAX_BIO_LENGTH ? `Use at most ${MAX_BIO_LENGTH} characters` : null),
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(userBusinessApi.updateProfessionalDetails, {
        body: {
          credentials: values.credentials.trim() || null,
          npi: values.npi.trim() || null,
          bio: values.bio.trim() || null,
        },
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData<directoryApi.UserProfileDetails>(
        userProfileQuery(userId).queryKey,
        (previous) => previous && { ...previous, professional: updated },
      );
      form.setValues({ credentials: updated.credentials ?? '', npi: updated.npi ?? '', bio: updated.bio ?? '' });
      form.resetDirty();
      notifications.show({ color: 'teal', message: 'Your professional details are saved' });
    },
    onError: errors.show,
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label="Credentials"
          description="The letters after your name, for example MD, FAAOS"
          maxLength={MAX_CREDENTIALS_LENGTH}
          {...form.getInputProps('credentials')}
        />
        <TextInput
          label="NPI"
          description="Your individual National Provider Identifier: 10 digits"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          {...form.getInputProps('npi')}
        />
        <Textarea
          label="Bio"
          description={`What colleagues at other practices should know about you, in at most ${MAX_BIO_LENGTH} characters`}
          rows={4}
          maxLength={MAX_BIO_LENGTH}
          {...form.getInputProps('bio')}
        />
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save professional details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
