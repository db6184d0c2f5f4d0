import { useId, type Ref } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput leaves its error and description unlinked from the input, so screen
 * readers never hear them; this links them and lets keyboard users reach the show/hide toggle.
 */
export function PasswordField({
  id,
  error,
  description,
  ...props
}: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const generated = useId();
  const inputId = id ?? generated;
  const hasError = Boolean(error) && typeof error !== 'boolean';
  const describedBy = [description ? `${inputId}-description` : null, hasError ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      id={inputId}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      visibilityToggleFocusable
      {...props}
    />
  );
}
