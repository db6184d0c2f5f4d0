import { Button, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { cataloguesApi, normalizePhone, practicesApi, type PracticeType } from '@referwell/contracts';
import { call } from '../../lib/api';
import { withFocusOnInvalid } from '../../lib/focusFirstInvalid';
import { PRACTICE_TYPE_LABELS } from '../../lib/practiceTypes';
import { reshapeServerError } from '../../lib/serverIssues';
import { AddressSearch } from '../../ui/AddressSearch';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';

/** The types a member may choose; a platform administrator makes a practice third party. */
const TYPE_CHOICES: { value: PracticeType; description: string }[] = [
  { value: 'PRACTICE', description: 'A clinic or group where several people work.' },
  { value: 'INDIVIDUAL', description: 'One provider practising on their own.' },
  { value: 'PAYOR', description: 'An insurer or health plan.' },
  { value: 'ORGANISATION', description: 'A health system or group that runs practices.' },
];

const FIELDS = ['name', 'type', 'address', 'building', 'phoneNumber', 'npiIdentifier'] as const;

type Values = {
  name: string;
  type: PracticeType;
  address: string;
  placeId: string | null;
  building: string;
  phoneNumber: string;
  npiIdentifier: string;
};

function body(values: Values) {
  const phone = values.phoneNumber.trim();
  return {
    name: values.name.trim(),
    type: values.type,
    address: values.address.trim(),
    placeId: values.placeId,
    building: values.building.trim() || null,
    phoneNumber: phone ? (normalizePhone(phone) ?? phone) : null,
    npiIdentifier: values.npiIdentifier.trim() || null,
  };
}

/**
 * A new practice (spec 1 §3's create payload, with its NPI): the person creating it becomes its
 * admin. The address comes from the address search so referral matching knows where it is.
 */
export function CreatePracticeForm({ onCreated }: { onCreated: (practice: practicesApi.Practice) => Promise<void> }) {
  const form = useForm<Values>({
    initialValues: {
      name: '',
      type: 'PRACTICE',
      address: '',
      placeId: null,
      building: '',
      phoneNumber: '',
      npiIdentifier: '',
    },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter the practice’s name'),
      address: (value, values) => {
        if (!value.trim()) return 'Enter the address and choose it from the suggestions';
        return values.placeId ? null : 'Choose the address from the suggestions, so practices nearby can find you';
      },
      phoneNumber: (value) => (value.trim() && !normalizePhone(value) ? 'Enter a valid phone number' : null),
      npiIdentifier: (value) =>
        value.trim() && !cataloguesApi.isValidNpi(value.trim()) ? 'Enter a 10-digit NPI, or leave it empty' : null,
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const create = useMutation({
    mutationFn: (values: Values) => call(practicesApi.createPractice, { body: body(values) }),
    onSuccess: onCreated,
    // An unknown place is about the address the person sees; a bad phone carries no field of its own.
    onError: (error) =>
      errors.show(
        reshapeServerError(error, {
          rename: { placeId: 'address' },
          fieldFor: { ERROR_INVALID_PHONE_NUMBER: 'phoneNumber' },
        }),
      ),
  });

  return (
    <form onSubmit={withFocusOnInvalid(errors.onSubmit((values) => create.mutate(values)))} noValidate>
      <Stack gap="md">
        <TextInput label="Practice name" required autoComplete="organization" {...form.getInputProps('name')} />
        <Radio.Group label="Type" required {...form.getInputProps('type')}>
          <Stack gap="xs" mt="xs">
            {TYPE_CHOICES.map((choice) => (
              <Radio
                key={choice.value}
                value={choice.value}
                label={PRACTICE_TYPE_LABELS[choice.value]}
                description={choice.description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          A company serving practices (third party) is set up by Referwell’s administrators: create it as a practice and
          ask them.
        </Text>
        <AddressSearch
          required
          value={form.values.address}
          error={form.errors.address}
          description={
            form.values.placeId
              ? 'Found. Referrals are matched to practices near this address.'
              : 'Start typing a street, city or ZIP code and choose a suggestion.'
          }
          onChange={(text, typed) => {
            form.setFieldValue('address', text);
            // A hand-typed address is no longer the place chosen before.
            if (typed) form.setFieldValue('placeId', null);
          }}
          onPick={(place) => {
            form.setValues({ address: place.formattedAddress, placeId: place.placeId });
            form.clearFieldError('address');
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Building" description="Suite, floor or building name" {...form.getInputProps('building')} />
          <TextInput
            label="Phone"
            description="The number patients and practices call"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phoneNumber')}
          />
        </SimpleGrid>
        <TextInput
          label="NPI"
          description="The practice’s 10-digit National Provider Identifier, if it has one. You can add it later."
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          {...form.getInputProps('npiIdentifier')}
        />
        <FormErrorAlert message={errors.formError} />
        <Button type="submit" loading={create.isPending} fullWidth>
          Create practice
        </Button>
      </Stack>
    </form>
  );
}
