import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { organisationsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { ORGANISATIONS_KEY, practiceQuery } from './organisationQueries';

const FIELDS = ['name'] as const;

/** Starts an organisation with the person as its admin, optionally bringing the current practice in. */
export function CreateOrganisationForm() {
  const current = useSession((s) => s.currentPractice);
  const isPracticeAdmin = current?.roles.includes('ADMIN') ?? false;
  // A practice belongs to one organisation at most: offered only while it has none.
  const practice = useQuery({ ...practiceQuery(current?.practice.id ?? 0), enabled: isPracticeAdmin });
  const canBringPractice = isPracticeAdmin && practice.data?.organisationId === null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: '', withPractice: false },
    validate: {
      name: (value) => {
        if (!value.trim()) return 'Enter a name for the organisation';
        return value.trim().length > 200 ? 'Use at most 200 characters' : null;
      },
    },
  });
  const errors = useServerErrors(form, FIELDS);
  const create = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(organisationsApi.createOrganisation, {
        body: {
          name: values.name.trim(),
          practiceIds: canBringPractice && values.withPractice && current ? [current.practice.id] : undefined,
        },
      }),
    onSuccess: async (organisation) => {
      notifications.show({ color: 'teal', message: `${organisation.name} is created` });
      await queryClient.invalidateQueries({ queryKey: ORGANISATIONS_KEY });
      await navigate(`/organisations/${organisation.id}`);
    },
    onError: errors.show,
  });

  return (
    <form onSubmit={errors.onSubmit((values) => create.mutate(values))} noValidate>
      <Stack>
        <TextInput label="Organisation name" required maxLength={200} {...form.getInputProps('name')} />
        {canBringPractice && current && (
          <Checkbox
            label={`Bring ${current.practice.name} into the organisation`}
            description="You are an admin of this practice, and it is not in an organisation yet."
            {...form.getInputProps('withPractice', { type: 'checkbox' })}
          />
        )}
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create organisation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
