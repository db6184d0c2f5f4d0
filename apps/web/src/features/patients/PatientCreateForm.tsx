import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { patientsApi } from '@referwell/contracts';
import { serverFieldErrors } from '../../lib/errors';
import { AddressSearch } from '../../ui/AddressSearch';
import { findInsurances, type NamedOption } from './catalogueSearch';
import { GENDER_OPTIONS, useCreatePatient, type Gender, type Patient, type PatientCreateBody } from './patientQueries';
import { SearchSelect } from './SearchSelect';

/** Spec 1 §8: the text shown whenever creating a patient fails. */
export const CREATE_PATIENT_FAILED = 'Failed to create patient';

const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'email', 'dateOfBirth', 'gender', 'insurance', 'addressPlaceId'] as const;

export const PICK_ADDRESS = 'Choose the address from the suggestions, or clear it';

interface Values {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  dateOfBirth: string;
  gender: Gender | '';
  insurance: NamedOption | null;
  /** The text in the address field; only a chosen suggestion (its place id) reaches the server. */
  address: string;
  addressPlaceId: string | null;
}

function toBody(practiceId: number, values: Values): PatientCreateBody {
  const optional = (text: string) => text.trim() || undefined;
  return {
    practiceId,
    firstName: values.firstName,
    lastName: values.lastName,
    phoneNumber: optional(values.phoneNumber),
    email: optional(values.email),
    dateOfBirth: optional(values.dateOfBirth),
    gender: values.gender || undefined,
    insurance: values.insurance?.id,
    addressPlaceId: values.addressPlaceId ?? undefined,
  };
}

/** The contract's own rules give the messages, so the form and the server never disagree. */
function validate(practiceId: number, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = patientsApi.PatientCreate.safeParse(toBody(practiceId, values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
  }
  // Only a dependant may go without a phone; a referral's patient is never created as one here.
  if (!values.phoneNumber.trim()) errors.phoneNumber ??= 'Phone is required';
  // Referrals measure distance from the place, so text that names no place is not kept silently.
  if (values.address.trim() && !values.addressPlaceId) errors.addressPlaceId ??= PICK_ADDRESS;
  return errors;
}

interface PatientCreateFormProps {
  practiceId: number;
  onCreated: (patient: Patient) => void;
  onCancel: () => void;
}

/** Adds a patient to the practice's records (spec 2 §3 Patient) and hands the new record back. */
export function PatientCreateForm({ practiceId, onCreated, onCancel }: PatientCreateFormProps) {
  const form = useForm<Values>({
    initialValues: {
      firstName: '', lastName: '', phoneNumber: '', email: '', dateOfBirth: '', gender: '', insurance: null, address: '', addressPlaceId: null,
    },
    validate: (values) => validate(practiceId, values),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePatient(practiceId);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(toBody(practiceId, values), {
      onSuccess: onCreated,
      onError: (error) => {
        const { fieldErrors, message } = serverFieldErrors(error, FIELDS);
        form.setErrors(fieldErrors);
        setFailure(message ?? '');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="New patient">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" required autoComplete="off" data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
          <TextInput label="Phone" type="tel" required autoComplete="off" {...form.getInputProps('phoneNumber')} />
          <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label="Date of birth"
            placeholder="MM/DD/YYYY"
            description="MM/DD/YYYY"
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('dateOfBirth')}
          />
          <NativeSelect label="Gender" data={[{ value: '', label: 'Not given' }, ...GENDER_OPTIONS]} {...form.getInputProps('gender')} />
        </SimpleGrid>
        <SearchSelect
          label="Insurance"
          placeholder="Search insurance payers"
          queryKey={['catalogues', 'insurances']}
          search={findInsurances}
          nothingFound="No insurance payer matches"
          value={form.values.insurance}
          onChange={(option) => form.setFieldValue('insurance', option)}
          error={form.errors.insurance}
        />
        <AddressSearch
          value={form.values.address}
          description="Referrals are matched by distance from this address."
          error={form.errors.addressPlaceId}
          onChange={(text, typed) => {
            form.setFieldValue('address', text);
            // Hand-typed text no longer names the place chosen before.
            if (typed) form.setFieldValue('addressPlaceId', null);
            form.clearFieldError('addressPlaceId');
          }}
          onPick={(place) => form.setValues({ address: place.formattedAddress, addressPlaceId: place.placeId })}
        />
        {failure !== null && (
          <Alert color="red" role="alert" variant="light" title={CREATE_PATIENT_FAILED}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add patient
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
