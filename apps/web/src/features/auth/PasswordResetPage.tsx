import { Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { currentUserQuery } from '../../lib/currentUser';
import { PublicCard } from '../../ui/PublicCard';
import { safeNext, signInPath } from './safeNext';
import { SignInFlow } from './SignInFlow';

export function PasswordResetPage() {
  usePageTitle('Reset password');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const initialEmail = (location.state as { email?: string } | null)?.email;

  async function onComplete() {
    await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
    notifications.show({
      color: 'teal',
      title: 'Password changed',
      message: 'You are signed in with your new password.',
    });
    await navigate(next, { replace: true });
  }

  return (
    <Stack gap="lg">
      <PublicCard>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              Reset your password
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              We will email you a code to confirm it is you, then you can choose a new password.
            </Text>
          </div>
          <SignInFlow isPasswordReset initialEmail={initialEmail} onComplete={onComplete} />
        </Stack>
      </PublicCard>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={signInPath(next)}>
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
