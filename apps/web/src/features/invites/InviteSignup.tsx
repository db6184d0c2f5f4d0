import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { invitesApi } from '@referwell/contracts';
import { useNavigate } from 'react-router';
import { SignInFlow } from '../auth';
import { invitedPractice, inviteTargetName } from './describeInvite';
import { InviteSignupForm, type SignedUp } from './InviteSignupForm';
import { useLandInPractice } from './landInPractice';

/**
 * Creating an account from an invite: the form, then the texted code. The server accepts the invite
 * with the new account, so once the code signs the person in they are already in the practice.
 */
interface InviteSignupProps {
  invite: invitesApi.InviteView;
  code: string;
  /** The code was right and the person is signed in; the page is about to move on. */
  onSignedIn: () => void;
  /** Back to the choice between signing in and signing up; gone once the account exists. */
  onBack: () => void;
}

export function InviteSignup({ invite, code, onSignedIn, onBack }: InviteSignupProps) {
  const [signedUp, setSignedUp] = useState<SignedUp | null>(null);
  const land = useLandInPractice();
  const navigate = useNavigate();
  const practice = invitedPractice(invite);

  async function onVerified() {
    onSignedIn();
    try {
      await land(practice?.id ?? null);
    } catch {
      // The person is signed in either way; the home page loads their account and practice itself.
    }
    notifications.show({
      color: 'teal',
      title: 'Welcome to Referwell',
      message:
        invite.target === 'NETWORK'
          ? `Your account is ready. Accept the invite to ${inviteTargetName(invite)} once you have a practice.`
          : `Your account is ready and you joined ${inviteTargetName(invite)}.`,
    });
    await navigate('/', { replace: true });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {signedUp ? 'Confirm your phone' : 'Create your account'}
        </Title>
        <Text size="sm" c="dimmed">
          Step {signedUp ? 2 : 1} of 2
        </Text>
      </div>
      {signedUp ? (
        <SignInFlow
          resume={{ uuid: signedUp.uuid, nextStep: 'PHONE_CODE', identity: 'PHONE', identifier: signedUp.phone }}
          next={`/invite/${code}`}
          onComplete={onVerified}
        />
      ) : (
        <>
          <InviteSignupForm invite={invite} code={code} onSignedUp={setSignedUp} />
          <Button variant="subtle" onClick={onBack}>
            Back
          </Button>
        </>
      )}
    </Stack>
  );
}
