import { useId } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practicesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { canManageBilling } from './access';
import { practiceSettingsKeys } from './queries';
import { ReadOnlyFields } from './ReadOnlyFields';
import type { Practice } from './types';

const BASIS_LABELS: Record<Practice['billingBasis'], string> = {
  PRACTICE: 'The practice is billed directly.',
  ORGANISATION: 'The practice is billed through its organisation.',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function BillingTab({ practice, roles }: { practice: Practice; roles: readonly Role[] }) {
  const manage = canManageBilling(roles);
  const headingId = useId();
  return (
    <Stack gap="lg">
      <section aria-labelledby={headingId}>
        <Title order={2} size="h4" id={headingId} mb="sm">
          Arrangement
        </Title>
        <ReadOnlyFields
          items={[
            { label: 'Billing basis', value: BASIS_LABELS[practice.billingBasis] },
            { label: 'Subscription', value: practice.subscriptionStatus },
            ...(manage ? [] : [{ label: 'Billing e-mail', value: practice.billingEmail }]),
          ]}
        />
      </section>
      {manage ? (
        <BillingEmailForm practice={practice} />
      ) : (
        <Text c="dimmed">Only practice admins can change billing.</Text>
      )}
    </Stack>
  );
}

function BillingEmailForm({ practice }: { practice: Practice }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { billingEmail: practice.billingEmail ?? '' },
    validate: {
      billingEmail: (v) => (!v.trim() ? 'E-mail is required' : EMAIL.test(v.trim()) ? null : 'Invalid e-mail address'),
    },
  });
  const errors = useServerErrors(form, ['billingEmail']);
  const save = useMutation({
    mutationFn: (billingEmail: string) =>
      call(practicesApi.billingEmail, { params: { id: practice.id }, body: { billingEmail } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(practiceSettingsKeys.practice(practice.id), updated);
      form.setInitialValues({ billingEmail: updated.billingEmail ?? '' });
      form.setValues({ billingEmail: updated.billingEmail ?? '' });
      notifications.show({ color: 'teal', message: 'The billing e-mail is saved' });
    },
    onError: errors.show,
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values.billingEmail.trim()))} noValidate>
      <Stack maw={480}>
        <TextInput
          label="Billing e-mail"
          description="Invoices and receipts go here."
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
