import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { currentUserQuery } from '../../lib/currentUser';
import { PublicCard } from '../../ui/PublicCard';
import { safeNext } from './safeNext';
import { SignInFlow } from './SignInFlow';

export function SignInPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Someone who still has a session (another tab, a reload) goes straight on.
  const existing = useQuery(currentUserQuery());

  if (existing.data) return <Navigate to={next} replace />;

  async function onComplete() {
    await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
    await navigate(next, { replace: true });
  }

  return (
    <Stack gap="lg">
      <PublicCard>
        <Stack gap="lg">
          <Title order={1} size="h2">
            Sign in to Referwell
          </Title>
          <SignInFlow next={next} onComplete={onComplete} />
        </Stack>
      </PublicCard>
      <Text size="sm" ta="center">
        New to Referwell?{' '}
        <Anchor component={Link} to="/signup">
          Create an account
        </Anchor>
      </Text>
      <Text size="sm" ta="center" c="dimmed">
        Testing locally? Codes and invitations are in the{' '}
        <Anchor component={Link} to="/dev/outbox">
          Development outbox
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
