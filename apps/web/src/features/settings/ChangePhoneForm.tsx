import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { CODE_LENGTH, formatPhone, normalizePhone, usersApi, type User } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { applyUpdatedUser } from '../../lib/currentUser';
import { incorrectCodeMessage } from '../auth';

type Problem = { field: 'phone' | 'code' | 'form'; message: string };

function describePhoneError(error: unknown, field: 'phone' | 'code'): Problem {
  if (isApiError(error)) {
    if (error.code === 'ERROR_INVALID_PHONE_NUMBER') return { field: 'phone', message: 'Invalid phone number' };
    if (error.status === 450) return { field: 'phone', message: 'This phone number belongs to another account' };
    if (error.status === 457) return { field: 'code', message: incorrectCodeMessage(error) };
    if (error.status === 400 && error.issues[0]) return { field, message: error.issues[0].message };
  }
  return { field: 'form', message: errorMessage(error) };
}

/** A new number only replaces the old one once the code texted to it comes back. */
export function ChangePhoneForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [phoneText, setPhoneText] = useState('');
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const shownStage = useRef(pendingPhone);

  // Moving between the number and the code replaces the form, so the focus follows.
  useEffect(() => {
    if (shownStage.current === pendingPhone) return;
    shownStage.current = pendingPhone;
    (pendingPhone ? codeRef : phoneRef).current?.focus();
  }, [pendingPhone]);

  async function sendCode(phone: string) {
    setBusy('send');
    setProblem(null);
    try {
      await call(usersApi.verifyPhone, { params: { id: user.id }, body: { phone } });
      setPendingPhone(phone);
      setCode('');
      notifications.show({ color: 'teal', message: `We texted a code to ${phone}` });
    } catch (error) {
      setProblem(describePhoneError(error, 'phone'));
    } finally {
      setBusy(null);
    }
  }

  function submitPhone(event: FormEvent) {
    event.preventDefault();
    const phone = normalizePhone(phoneText);
    if (!phone) {
      setProblem({ field: 'phone', message: 'Enter a valid phone number' });
      phoneRef.current?.focus();
      return;
    }
    void sendCode(phone);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(digits)) {
      setProblem({ field: 'code', message: `Enter the ${CODE_LENGTH}-digit code` });
      codeRef.current?.focus();
      return;
    }
    setBusy('confirm');
    setProblem(null);
    try {
      const updated = await call(usersApi.verifyCode, { params: { id: user.id }, body: { code: digits } });
      applyUpdatedUser(queryClient, updated);
      setPendingPhone(null);
      setPhoneText('');
      notifications.show({
        color: 'teal',
        title: 'Phone number changed',
        message: `Your number is now ${formatPhone(updated.phone ?? '')}`,
      });
    } catch (error) {
      setProblem(describePhoneError(error, 'code'));
      codeRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  const formAlert = problem?.field === 'form' && (
    <Alert color="red" role="alert" variant="light">
      {problem.message}
    </Alert>
  );

  return (
    <Stack maw={420}>
      <Text size="sm">
        Current number: <strong>{user.phone ? formatPhone(user.phone) : 'none'}</strong>
      </Text>
      {pendingPhone ? (
        <form onSubmit={(event) => void submitCode(event)} noValidate>
          <Stack>
            <TextInput
              ref={codeRef}
              label="Code"
              description={`Enter the ${CODE_LENGTH}-digit code we texted to ${formatPhone(pendingPhone)}.`}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={problem?.field === 'code' ? problem.message : undefined}
            />
            {formAlert}
            <Group gap="xs">
              <Button type="submit" loading={busy === 'confirm'}>
                Confirm number
              </Button>
              <Button variant="subtle" onClick={() => void sendCode(pendingPhone)} loading={busy === 'send'}>
                Resend code
              </Button>
              <Button variant="subtle" color="gray" onClick={() => setPendingPhone(null)}>
                Use a different number
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitPhone} noValidate>
          <Stack>
            <TextInput
              ref={phoneRef}
              label="New phone number"
              type="tel"
              autoComplete="tel"
              required
              value={phoneText}
              onChange={(event) => setPhoneText(event.currentTarget.value)}
              error={problem?.field === 'phone' ? problem.message : undefined}
            />
            {formAlert}
            <Group>
              <Button type="submit" loading={busy === 'send'}>
                Send code
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
