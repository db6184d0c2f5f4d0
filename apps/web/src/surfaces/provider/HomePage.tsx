import { Stack } from '@mantine/core';
import { CurrentPracticeCard } from '../../features/practices';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';

export function HomePage() {
  usePageTitle('Home');
  const user = useSession((session) => session.currentUser);
  const practice = useSession((session) => session.currentPractice);
  if (!user) return null;

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title={`Welcome, ${user.firstName} ${user.lastName}`}
        description={practice ? 'You are working in this practice.' : 'You are signed in to Referwell.'}
      />
      <CurrentPracticeCard membership={practice} />
    </Stack>
  );
}
