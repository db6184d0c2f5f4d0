import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Email, organisationsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { organisationKey } from './organisationQueries';

const FIELDS = ['billingEmail'] as const;

export function BillingEmailForm({ organisation }: { organisation: organisationsApi.OrganisationView }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { billingEmail: organisation.billingEmail ?? '' },
    validate: {
      billingEmail: (value) => {
        if (!value.trim()) return 'Enter the e-mail address for invoices';
        return Email.safeParse(value).success ? null : 'Enter a valid e-mail address';
      },
    },
  });
  const errors = useServerErrors(form, FIELDS);
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(organisationsApi.setOrganisationBillingEmail, {
        params: { id: organisation.id },
        body: { billingEmail: values.billingEmail.trim() },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(organisationKey(organisation.id), saved);
      notifications.show({ color: 'teal', message: 'The billing e-mail is saved' });
    },
    onError: errors.show,
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label="Billing e-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('billingEmail')}
        />
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save billing e-mail
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
