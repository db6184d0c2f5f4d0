import { useState } from 'react';
import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { serverFieldErrors } from '../lib/errors';

/**
 * Server errors for a Mantine form: issues about the form's own fields go on their inputs, the rest
 * (and failures that are not validation) above the buttons, cleared on the next submit.
 */
export function useServerErrors<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  fields: readonly string[],
) {
  const [formError, setFormError] = useState<string | null>(null);
  return {
    formError,
    onSubmit: (submit: (values: Values) => void) =>
      form.onSubmit((values) => {
        setFormError(null);
        submit(values);
      }),
    show: (error: unknown) => {
      const { fieldErrors, message } = serverFieldErrors(error, fields);
      form.setErrors(fieldErrors);
      setFormError(message);
    },
  };
}

export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {message}
    </Alert>
  );
}
