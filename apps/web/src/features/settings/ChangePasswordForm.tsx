import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { authApi, PASSWORD_MAX, PASSWORD_MIN } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { PasswordField } from '../../ui/PasswordField';

const FIELDS = ['currentPassword', 'newPassword'] as const;

function validateNewPassword(value: string, current: string): string | null {
  if (value.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
  if (value.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`;
  if (value === current) return 'Choose a password different from your current one';
  return null;
}

export function ChangePasswordForm() {
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: (value, values) => validateNewPassword(value, values.currentPassword),
      confirmPassword: (value, values) => (value === values.newPassword ? null : 'The passwords do not match'),
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: typeof form.values) =>
      call(authApi.updatePassword, { body: { currentPassword, newPassword } }),
    onSuccess: () => {
      form.reset();
      notifications.show({
        color: 'teal',
        title: 'Password changed',
        message: 'You are still signed in here; every other session has been signed out.',
      });
    },
    onError: (error) => {
      if (isApiError(error, 451)) {
        form.setFieldError('currentPassword', 'Your current password is not right');
        return;
      }
      errors.show(error);
    },
  });

  return (
    <form onSubmit={errors.onSubmit((values) => change.mutate(values))} noValidate>
      <Stack maw={420}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label="New password"
          description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
