import { Stack, Text, Title } from '@mantine/core';
import { CurrentPracticeCard } from '../../features/practices/CurrentPracticeCard';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';

export function HomePage() {
  usePageTitle('Home');
  const user = useSession((session) => session.currentUser);
  const practice = useSession((session) => session.currentPractice);
  if (!user) return null;

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>
          Welcome, {user.firstName} {user.lastName}
        </Title>
        <Text c="dimmed" mt={4}>
          {practice ? 'You are working in this practice.' : 'You are signed in to Referwell.'}
        </Text>
      </div>
      <CurrentPracticeCard membership={practice} />
    </Stack>
  );
}
