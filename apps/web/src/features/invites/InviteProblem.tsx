import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { ErrorState } from '../../ui/States';

interface InviteProblemProps {
  error: unknown;
  signedIn: boolean;
  onRetry: () => void;
  retrying: boolean;
}

/** Why an invite link cannot be used: expired (452), gone (404/456), or the load failed. */
export function InviteProblem({ error, signedIn, onRetry, retrying }: InviteProblemProps) {
  const expired = isApiError(error, 452);
  const gone = isApiError(error, 404) || isApiError(error, 456);
  if (!expired && !gone) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Invite
        </Title>
        <ErrorState title="Could not load the invite" error={error} onRetry={onRetry} retrying={retrying} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {expired ? 'This invite has expired' : 'This invite is no longer valid'}
      </Title>
      <Text>
        {expired
          ? // A 452 carries no details of the invite, so the sender cannot be named here.
            'Ask the person who invited you to send a new one.'
          : 'It may have been accepted, declined or withdrawn already. ' +
            'Ask the person who invited you for a new invite if you still need one.'}
      </Text>
      <Anchor component={Link} to={signedIn ? '/' : '/login'}>
        {signedIn ? 'Go to the home page' : 'Sign in to Referwell'}
      </Anchor>
    </Stack>
  );
}
