import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { patientsApi } from '@referwell/contracts';
import { serverFieldErrors } from '../../lib/errors';
import { AddressSearch } from '../../ui/AddressSearch';
import { findInsurances, namedOption, type NamedOption } from '../../lib/catalogueSearch';
import {
  GENDER_OPTIONS,
  useCreatePatient,
  useUpdatePatient,
  type Gender,
  type Patient,
  type PatientCreateBody,
  type PatientUpdateBody,
} from './patientQueries';
import { SearchSelect } from '../../ui/SearchSelect';

/** Spec 1 §8: the text shown whenever creating a patient fails. */
export const CREATE_PATIENT_FAILED = 'Failed to create patient';
export const SAVE_PATIENT_FAILED = 'Failed to save patient';

const FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'email',
  'dateOfBirth',
  'gender',
  'insurance',
  'addressPlaceId',
] as const;

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

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  dateOfBirth: '',
  gender: '',
  insurance: null,
  address: '',
  addressPlaceId: null,
};

function valuesOf(patient: Patient): Values {
  // An address with no place behind it could not be saved again as it is, so the field starts empty.
  const placed = patient.addressPlaceId !== null;
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    phoneNumber: patient.phoneNumber ?? '',
    email: patient.email ?? '',
    dateOfBirth: patient.dateOfBirth ?? '',
    gender: patient.gender ?? '',
    insurance: namedOption(patient.insurance, patient.insuranceName),
    address: placed ? (patient.address ?? '') : '',
    addressPlaceId: patient.addressPlaceId,
  };
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

/** An edit sends every field: blank text and null clear it (the contract's rule for updates). */
function toUpdateBody(patient: Patient, values: Values): PatientUpdateBody {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    phoneNumber: values.phoneNumber.trim(),
    email: values.email.trim(),
    dateOfBirth: values.dateOfBirth.trim(),
    gender: values.gender || null,
    insurance: values.insurance?.id ?? null,
    // The same place again would only be looked up again.
    ...(values.addressPlaceId !== patient.addressPlaceId ? { addressPlaceId: values.addressPlaceId ?? '' } : {}),
  };
}

/** The contract's own rules give the messages, so the form and the server never disagree. */
function validate(practiceId: number, values: Values, phoneRequired: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = patientsApi.PatientCreate.safeParse(toBody(practiceId, values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
  }
  if (phoneRequired && !values.phoneNumber.trim()) errors.phoneNumber ??= 'Phone is required';
  // Referrals measure distance from the place, so text that names no place is not kept silently.
  if (values.address.trim() && !values.addressPlaceId) errors.addressPlaceId ??= PICK_ADDRESS;
  return errors;
}

interface PatientFormProps {
  practiceId: number;
  /** The record to edit; without one the form adds a new patient. */
  patient?: Patient;
  onSaved: (patient: Patient) => void;
  onCancel: () => void;
}

/** Adds a patient to the practice's records (spec 2 §3 Patient), or edits one, and hands the saved record back. */
export function PatientForm({ practiceId, patient, onSaved, onCancel }: PatientFormProps) {
  // Only a dependant may go without a phone; new records made here are never dependants.
  const phoneRequired = !patient?.parentId;
  const form = useForm<Values>({
    initialValues: patient ? valuesOf(patient) : EMPTY,
    validate: (values) => validate(practiceId, values, phoneRequired),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePatient(practiceId);
  const update = useUpdatePatient(practiceId, patient?.id ?? 0);
  const saving = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const handlers = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        const { fieldErrors, message } = serverFieldErrors(error, FIELDS);
        form.setErrors(fieldErrors);
        setFailure(message ?? '');
      },
    };
    if (patient) update.mutate(toUpdateBody(patient, values), handlers);
    else create.mutate(toBody(practiceId, values), handlers);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={patient ? 'Edit patient' : 'New patient'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
          <TextInput
            label="Phone"
            type="tel"
            required={phoneRequired}
            autoComplete="off"
            {...form.getInputProps('phoneNumber')}
          />
          <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label="Date of birth"
            placeholder="MM/DD/YYYY"
            description="MM/DD/YYYY"
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('dateOfBirth')}
          />
          <NativeSelect
            label="Gender"
            data={[{ value: '', label: 'Not given' }, ...GENDER_OPTIONS]}
            {...form.getInputProps('gender')}
          />
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
          <Alert color="red" role="alert" variant="light" title={patient ? SAVE_PATIENT_FAILED : CREATE_PATIENT_FAILED}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {patient ? 'Save' : 'Add patient'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
