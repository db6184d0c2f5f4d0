import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi, type User } from '@referwell/contracts';
import { call } from '../../lib/api';
import { serverFieldErrors } from '../../lib/errors';
import { applyUpdatedUser } from '../auth/currentUser';

const NAME_MAX = 100;
const FIELDS = ['firstName', 'lastName', 'title'] as const;

function required(label: string) {
  return (value: string) => {
    if (!value.trim()) return `Enter your ${label}`;
    return value.trim().length > NAME_MAX ? `Use at most ${NAME_MAX} characters` : null;
  };
}

export function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName, title: user.title ?? '' },
    validate: {
      firstName: required('first name'),
      lastName: required('last name'),
      title: (value) => (value.trim().length > NAME_MAX ? `Use at most ${NAME_MAX} characters` : null),
    },
  });

  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(usersApi.editUser, {
        params: { id: user.id },
        body: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), title: values.title.trim() || null },
      }),
    onSuccess: (updated) => {
      applyUpdatedUser(queryClient, updated);
      form.setValues({ firstName: updated.firstName, lastName: updated.lastName, title: updated.title ?? '' });
      form.resetDirty();
      notifications.show({ color: 'teal', message: 'Your profile is saved' });
    },
    onError: (error) => {
      const { fieldErrors, message } = serverFieldErrors(error, FIELDS);
      form.setErrors(fieldErrors);
      setFormError(message);
    },
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
      noValidate
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Title" description="For example MD or Practice manager" {...form.getInputProps('title')} />
        {formError && (
          <Alert color="red" role="alert" variant="light">
            {formError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
