import { useState } from 'react';
import { Alert, Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { invitesApi, User } from '@referwell/contracts';
import { isApiError } from '../../lib/api';
import { logout } from '../../lib/logout';
import { usePageTitle } from '../../lib/pageTitle';
import { ErrorState, LoadingState } from '../../ui/States';
import { currentUserQuery } from '../../lib/currentUser';
import { PublicCard } from '../../ui/PublicCard';
import { signInPath } from '../auth';
import { inviteSentTo, inviteTargetName } from './describeInvite';
import { inviteByCodeQuery } from './inviteQueries';
import { InviteProblem } from './InviteProblem';
import { InviteResponseButtons } from './InviteResponseButtons';
import { InviteSignup } from './InviteSignup';
import { InviteSummary } from './InviteSummary';

type InviteView = invitesApi.InviteView;

/** The page an invite link opens, signed in or out. */
export function AcceptInvitePage() {
  usePageTitle('Invite');
  const { code = '' } = useParams();
  const me = useQuery(currentUserQuery());
  const signedOut = isApiError(me.error, 401);
  const viewer = me.data?.user ?? null;
  // Once a signup here signs the person in, the invite is used up: it is not looked up again.
  const [finishing, setFinishing] = useState(false);
  const invite = useQuery({
    ...inviteByCodeQuery(code, viewer?.id ?? null),
    enabled: !finishing && (Boolean(viewer) || signedOut),
  });

  let content;
  if (finishing) {
    content = <LoadingState label="Opening Referwell" />;
  } else if (me.isError && !signedOut) {
    content = (
      <ErrorState
        title="Could not check who is signed in"
        error={me.error}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  } else if (me.isPending || invite.isPending) {
    content = <LoadingState label="Loading the invite" />;
  } else if (invite.isError) {
    content = (
      <InviteProblem
        error={invite.error}
        signedIn={Boolean(viewer)}
        onRetry={() => void invite.refetch()}
        retrying={invite.isFetching}
      />
    );
  } else if (viewer) {
    content = <SignedInChoices invite={invite.data} code={code} viewer={viewer} />;
  } else {
    content = <SignedOutChoices invite={invite.data} code={code} onSignedIn={() => setFinishing(true)} />;
  }

  return <PublicCard>{content}</PublicCard>;
}

function SignedInChoices({ invite, code, viewer }: { invite: InviteView; code: string; viewer: User }) {
  const navigate = useNavigate();
  const goHome = () => navigate('/', { replace: true });
  const sentTo = inviteSentTo(invite);

  return (
    <Stack gap="lg">
      <InviteSummary invite={invite} />
      <Text size="sm" c="dimmed">
        Signed in as {viewer.firstName} {viewer.lastName}
        {viewer.email ? ` (${viewer.email})` : ''}
      </Text>
      {!invite.isInvitee && (
        <Alert color="orange" variant="light" title="This invite is for another account">
          <Stack gap="xs">
            <Text size="sm">
              It was sent to {sentTo ?? 'someone else'}. Sign in with that account to accept it, or ask{' '}
              {invite.inviter ? invite.inviter.firstName : 'the sender'} to invite your address instead.
            </Text>
            <div>
              <Button
                size="xs"
                variant="white"
                color="orange"
                onClick={() => void logout().then(() => navigate(signInPath(`/invite/${code}`)))}
              >
                Sign in with another account
              </Button>
            </div>
          </Stack>
        </Alert>
      )}
      <InviteResponseButtons
        invite={invite}
        code={code}
        canAccept={invite.isInvitee}
        onAccepted={goHome}
        onDeclined={goHome}
      />
    </Stack>
  );
}

interface SignedOutChoicesProps {
  invite: InviteView;
  code: string;
  onSignedIn: () => void;
}

function SignedOutChoices({ invite, code, onSignedIn }: SignedOutChoicesProps) {
  const [signingUp, setSigningUp] = useState(false);
  const [declined, setDeclined] = useState(false);
  const signIn = signInPath(`/invite/${code}`);

  if (declined) {
    return (
      <Stack gap="sm">
        <Title order={1} size="h3">
          Invite declined
        </Title>
        <Text>You declined the invite to {inviteTargetName(invite)}. You can close this page.</Text>
      </Stack>
    );
  }

  if (invite.type === 'PATIENT') {
    return (
      <Stack gap="lg">
        <InviteSummary invite={invite} />
        <Alert color="blue" variant="light">
          This invite is for a patient. Open the link on your phone to accept it in the Referwell patient app.
        </Alert>
        <InviteResponseButtons invite={invite} code={code} canAccept={false} onDeclined={() => setDeclined(true)} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <InviteSummary invite={invite} />
      {signingUp ? (
        <InviteSignup invite={invite} code={code} onSignedIn={onSignedIn} onBack={() => setSigningUp(false)} />
      ) : (
        <Stack gap="sm">
          {invite.accountExists && (
            <Text size="sm">An account already exists for this invite’s address: sign in to accept it.</Text>
          )}
          <Button component={Link} to={signIn} variant={invite.accountExists ? 'filled' : 'default'}>
            I have an account: sign in
          </Button>
          {!invite.accountExists && <Button onClick={() => setSigningUp(true)}>Create my account</Button>}
          <Divider my="xs" />
          <Text size="sm" c="dimmed">
            Not for you? You can decline the invite.
          </Text>
          <InviteResponseButtons invite={invite} code={code} canAccept={false} onDeclined={() => setDeclined(true)} />
        </Stack>
      )}
      <Text size="sm" ta="center" c="dimmed">
        Testing locally? Codes are in the{' '}
        <Anchor component={Link} to="/dev/outbox">
          Development outbox
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
