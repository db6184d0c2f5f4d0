import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { invitesApi } from '@referwell/contracts';
import { useNavigate } from 'react-router';
import { roleLabel } from '../../lib/roles';
import { signInPath } from '../auth';
import { SignupFlow } from '../signup';
import { invitedPractice, invitedRole, inviteTargetName, knownEmail, signupRole } from './describeInvite';
import { useLandInPractice } from './landInPractice';

function sentToHint(invite: invitesApi.InviteView): string | undefined {
  if (knownEmail(invite)) return 'The invite was sent to this address.';
  if (invite.email) return `Use the address the invite was sent to (${invite.email}).`;
  return undefined;
}

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
  const land = useLandInPractice();
  const navigate = useNavigate();
  const practice = invitedPractice(invite);
  const joiningRole = invitedRole(invite);

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
    <SignupFlow
      role={signupRole(invite)}
      fixedEmail={knownEmail(invite)}
      emailDescription={sentToHint(invite)}
      inviteCode={code}
      note={
        joiningRole && (
          <Text size="sm">
            You will join with the <strong>{roleLabel(joiningRole)}</strong> role.
          </Text>
        )
      }
      signIn={{ to: signInPath(`/invite/${code}`), label: 'Sign in to accept the invite' }}
      next={`/invite/${code}`}
      onVerified={onVerified}
      footer={
        <Button variant="subtle" onClick={onBack}>
          Back
        </Button>
      }
    />
  );
}
