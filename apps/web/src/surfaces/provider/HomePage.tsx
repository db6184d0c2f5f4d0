import { Stack } from '@mantine/core';
import { SetupChecklist, Worklist } from '../../features/worklist';
import { PageHeader } from '../../ui/PageHeader';
import { Navigate } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';

/** The provider's home: the current practice's worklist, what waits for them there. */
export function HomePage() {
  usePageTitle('Home');
  const user = useSession((session) => session.currentUser);
  const practice = useSession((session) => session.currentPractice);
  if (!user) return null;
  const welcome = `Welcome, ${user.firstName} ${user.lastName}`;
  // Someone in no practice yet (just signed up, or left their last one) starts by creating or joining one.
  if (!practice) return <Navigate to="/start" replace />;

  return (
    <Stack gap="lg">
      <PageHeader title={welcome} description={`What is waiting for you at ${practice.practice.name}.`} />
      <SetupChecklist practiceId={practice.practice.id} />
      <Worklist practiceId={practice.practice.id} />
    </Stack>
  );
}
