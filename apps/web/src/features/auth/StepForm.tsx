import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { CODE_LENGTH, formatPhone, PASSWORD_MAX, PASSWORD_MIN, type LoginStep } from '@referwell/contracts';
import { PasswordField } from '../../ui/PasswordField';
import type { IdentityStep, StepField } from './useSignInFlow';

interface StepFormProps {
  step: LoginStep;
  /** How the flow started, to say where a code went. */
  identity: IdentityStep;
  identifier: string | null;
  initialValue?: string;
  busy: boolean;
  fieldError: { field: StepField; message: string } | null;
  submitLabel: string;
  onSubmit: (value: string, confirm: string) => void;
  onEdit: () => void;
  /** Links and secondary actions under the button; they see what is typed so far. */
  children?: (value: string) => ReactNode;
}

function codeDestination(step: LoginStep, identity: IdentityStep, identifier: string | null): string {
  const matches = (step === 'EMAIL_CODE' && identity === 'EMAIL') || (step === 'PHONE_CODE' && identity === 'PHONE');
  if (matches && identifier) return identity === 'PHONE' ? formatPhone(identifier) : identifier;
  return step === 'EMAIL_CODE' ? 'your email' : 'your phone';
}

/**
 * One step's fields. It is mounted afresh for every step, so the values start empty and the
 * first field takes the focus; a field that the server rejects takes it back.
 */
export function StepForm(props: StepFormProps) {
  const { step, identity, identifier, initialValue, busy, fieldError, submitLabel, onSubmit, onEdit, children } = props;
  const [value, setValue] = useState(initialValue ?? '');
  const [confirm, setConfirm] = useState('');
  const valueRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    valueRef.current?.focus();
  }, []);

  useEffect(() => {
    if (fieldError) (fieldError.field === 'confirm' ? confirmRef : valueRef).current?.focus();
  }, [fieldError]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSubmit(value, confirm);
  }

  const errorFor = (field: StepField) => (fieldError?.field === field ? fieldError.message : undefined);
  const common = {
    ref: valueRef,
    value,
    error: errorFor('value'),
    required: true,
    // Every field here is required and alone on its step, so the asterisk would only be noise.
    withAsterisk: false,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      onEdit();
    },
  };

  let fields: ReactNode;
  switch (step) {
    case 'EMAIL':
      fields = <TextInput {...common} label="Email" type="email" autoComplete="username" inputMode="email" />;
      break;
    case 'PHONE':
      fields = (
        <TextInput
          {...common}
          label="Phone number"
          type="tel"
          autoComplete="tel"
          description="We will text you a sign-in code."
        />
      );
      break;
    case 'PASSWORD':
      fields = <PasswordField {...common} label="Password" autoComplete="current-password" />;
      break;
    case 'EMAIL_CODE':
    case 'PHONE_CODE':
      fields = (
        <TextInput
          {...common}
          label="Code"
          description={`Enter the ${CODE_LENGTH}-digit code we sent to ${codeDestination(step, identity, identifier)}.`}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
      );
      break;
    case 'SET_NEW_PASSWORD':
      fields = (
        <>
          <PasswordField
            {...common}
            label="New password"
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
            autoComplete="new-password"
          />
          <PasswordField
            ref={confirmRef}
            label="Confirm new password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            value={confirm}
            error={errorFor('confirm')}
            onChange={(event) => {
              setConfirm(event.currentTarget.value);
              onEdit();
            }}
          />
        </>
      );
      break;
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {fields}
        <Button type="submit" loading={busy} fullWidth>
          {submitLabel}
        </Button>
        {children?.(value)}
      </Stack>
    </form>
  );
}
