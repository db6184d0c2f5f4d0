import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatPhone, organisationsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { Fact } from '../../ui/Fact';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { MY_ORGANISATIONS_KEY, organisationKey } from './organisationQueries';

const FIELDS = ['name', 'address', 'phoneNumber'] as const;

interface OrganisationDetailsProps {
  organisation: organisationsApi.OrganisationView;
  canManage: boolean;
}

/** Name, address and phone: a form for the organisation's admins, plain text for everyone else. */
export function OrganisationDetails({ organisation, canManage }: OrganisationDetailsProps) {
  if (!canManage) {
    return (
      <Stack component="dl" gap="xs" m={0}>
        <Fact label="Name">{organisation.name || 'Not given'}</Fact>
        <Fact label="Address">{organisation.address || 'Not given'}</Fact>
        <Fact label="Phone">{organisation.phoneNumber ? formatPhone(organisation.phoneNumber) : 'Not given'}</Fact>
      </Stack>
    );
  }
  return <DetailsForm organisation={organisation} />;
}

function DetailsForm({ organisation }: { organisation: organisationsApi.OrganisationView }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      name: organisation.name,
      address: organisation.address ?? '',
      phoneNumber: organisation.phoneNumber ?? '',
    },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter the organisation’s name'),
      address: (value) => (value.trim().length > 500 ? 'Use at most 500 characters' : null),
    },
  });
  const errors = useServerErrors(form, FIELDS);
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(organisationsApi.updateOrganisation, {
        params: { id: organisation.id },
        body: {
          name: values.name.trim(),
          address: values.address.trim() || null,
          phoneNumber: values.phoneNumber.trim() || null,
        },
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(organisationKey(organisation.id), saved);
      notifications.show({ color: 'teal', message: 'The organisation’s details are saved' });
      await queryClient.invalidateQueries({ queryKey: MY_ORGANISATIONS_KEY });
    },
    onError: (error) => {
      // The phone number is checked after validation, so its error names no field.
      errors.show(error);
    },
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phoneNumber')} />
        </SimpleGrid>
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
