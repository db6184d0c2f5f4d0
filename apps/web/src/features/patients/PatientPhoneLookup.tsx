import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { patientsApi, PhoneText } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import type { Patient } from './patientQueries';

/** Spec 1 §8 / spec 2 §8: what a failed look-up by phone says. */
export const PHONE_LOOKUP_FAILED = 'Failed to get patient by phone';

/** Where the server names the number when it refuses it. */
const PHONE_PARAM = 'querystring.phoneNumber';

interface PatientPhoneLookupProps {
  practiceId: number;
  onFound: (patient: Patient) => void;
}

/**
 * Finds the practice's account holder with exactly this phone number (GET /patients/phone), for a
 * caller on the line. No such patient is an answer, not a failure: the person adds them instead.
 */
export function PatientPhoneLookup({ practiceId, onFound }: PatientPhoneLookupProps) {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (phoneNumber: string) => call(patientsApi.patientByPhone, { query: { practiceId, phoneNumber } }),
    onSuccess: onFound,
    onError: (error) => {
      const { fieldErrors } = serverFieldErrors(error, [PHONE_PARAM]);
      if (fieldErrors[PHONE_PARAM]) setPhoneError(fieldErrors[PHONE_PARAM]);
    },
  });
  const notFound = isApiError(lookup.error, 456);
  const failed = lookup.isError && !notFound && phoneError === null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = PhoneText.safeParse(phone);
    if (!checked.success) return setPhoneError(checked.error.issues[0].message);
    lookup.mutate(checked.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Find a patient by phone">
      <Stack gap="xs">
        <TextInput
          label="Phone number"
          description="Finds the account holder with exactly this number"
          type="tel"
          autoComplete="off"
          value={phone}
          error={phoneError}
          onChange={(event) => {
            setPhone(event.currentTarget.value);
            setPhoneError(null);
            lookup.reset();
          }}
          // The button sits beside the input itself, so the label and the error keep their places.
          inputContainer={(input) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Button type="submit" variant="default" loading={lookup.isPending}>
                Look up
              </Button>
            </Group>
          )}
        />
        {notFound && (
          <Text size="sm" role="status">
            No patient of this practice has this phone number. Add them as a new patient.
          </Text>
        )}
        {failed && (
          <Alert color="red" role="alert" variant="light" title={PHONE_LOOKUP_FAILED}>
            {errorMessage(lookup.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
