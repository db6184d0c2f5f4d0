import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi, type User } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { applyUpdatedUser } from '../../lib/currentUser';

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
  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName, title: user.title ?? '' },
    validate: {
      firstName: required('first name'),
      lastName: required('last name'),
      title: (value) => (value.trim().length > NAME_MAX ? `Use at most ${NAME_MAX} characters` : null),
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(usersApi.editUser, {
        params: { id: user.id },
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          title: values.title.trim() || null,
        },
      }),
    onSuccess: (updated) => {
      applyUpdatedUser(queryClient, updated);
      form.setValues({ firstName: updated.firstName, lastName: updated.lastName, title: updated.title ?? '' });
      form.resetDirty();
      notifications.show({ color: 'teal', message: 'Your profile is saved' });
    },
    onError: errors.show,
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Title" description="For example MD or Practice manager" {...form.getInputProps('title')} />
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
