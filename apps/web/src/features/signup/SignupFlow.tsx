import { useState, type ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { SignInFlow } from '../auth';
import { SignupForm, type SignedUp } from './SignupForm';

type FormProps = Omit<Parameters<typeof SignupForm>[0], 'onSignedUp'>;

interface SignupFlowProps extends FormProps {
  /** The first step's heading. */
  title?: string;
  /** Where the sign-in steps send someone who turns to a password reset. */
  next: string;
  /** The code was right: the person is signed in. */
  onVerified: () => Promise<void>;
  /** Shown under the form (a way back), gone once the account exists. */
  footer?: ReactNode;
}

/**
 * Signing up in two steps: the form, then the code texted to the phone (the sign-in flow the server
 * started with the account), which verifies the phone and signs the person in.
 */
export function SignupFlow({ title = 'Create your account', next, onVerified, footer, ...form }: SignupFlowProps) {
  const [signedUp, setSignedUp] = useState<SignedUp | null>(null);

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {signedUp ? 'Confirm your phone' : title}
        </Title>
        <Text size="sm" c="dimmed">
          Step {signedUp ? 2 : 1} of 2
        </Text>
      </div>
      {signedUp ? (
        <SignInFlow
          resume={{ uuid: signedUp.uuid, nextStep: 'PHONE_CODE', identity: 'PHONE', identifier: signedUp.phone }}
          next={next}
          onComplete={onVerified}
        />
      ) : (
        <>
          <SignupForm {...form} onSignedUp={setSignedUp} />
          {footer}
        </>
      )}
    </Stack>
  );
}
