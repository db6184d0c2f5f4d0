import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { currentUserQuery } from '../../lib/currentUser';
import { PublicCard } from '../../ui/PublicCard';
import { SignupFlow } from './SignupFlow';

/** Where a new account goes once its phone is confirmed: to create or join a practice. */
const AFTER_SIGNUP = '/start';

/** A new provider, staff member or third-party staff member makes their own account. */
export function SignupPage() {
  usePageTitle('Create your account');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Someone already signed in (another tab, a reload after verifying) goes home, or on to start.
  const existing = useQuery(currentUserQuery());
  if (existing.data) return <Navigate to="/" replace />;

  async function onVerified() {
    await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
    await navigate(AFTER_SIGNUP, { replace: true });
  }

  return (
    <Stack gap="lg">
      <PublicCard>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              Join Referwell
            </Title>
            <Text size="sm" c="dimmed">
              Send and receive referrals and talk with other practices. Next you create your practice or join yours.
            </Text>
          </div>
          <SignupFlow
            title="Your details"
            signIn={{ to: '/login', label: 'Sign in instead' }}
            next={AFTER_SIGNUP}
            onVerified={onVerified}
          />
        </Stack>
      </PublicCard>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
      <Text size="sm" ta="center" c="dimmed">
        Testing locally? The code we text you is in the{' '}
        <Anchor component={Link} to="/dev/outbox">
          Development outbox
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
