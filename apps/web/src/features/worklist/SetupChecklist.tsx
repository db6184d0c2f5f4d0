import { useId } from 'react';
import { Anchor, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { worklistApi } from '@referwell/contracts';
import { practiceSetupQuery } from './worklistQueries';

type StepName = worklistApi.SetupStepName;

/** What each step asks, where it is taken, and why it matters (said in the practice's own terms). */
const STEPS: Record<StepName, { title: string; to: string; why: (timezone: string) => string }> = {
  OPENING_HOURS: {
    title: 'Set your opening hours',
    to: '/practice/settings/opening-hours',
    why: (timezone) =>
      `Referring practices and patients see when you are open. Times are in ${timezone}, taken from your address; the profile can change it.`,
  },
  NPI: {
    title: "Add your practice's NPI",
    to: '/practice/settings',
    why: () => 'Practices that refer to you check it. It is the 10-digit number of the practice, not of a provider.',
  },
  ABOUT: {
    title: 'Tell others about your practice',
    to: '/practice/settings',
    why: () => 'An about text for the practices that find you, and the welcome patients read when they chat.',
  },
  MATCHING: {
    title: 'Add your specialities and accepted insurances',
    to: '/settings',
    why: () =>
      'Specialty referrals reach you only for a speciality you practise and an insurance you accept here, under My settings.',
  },
  NETWORKS: {
    title: 'Join or start a network',
    to: '/practice/networks',
    why: () => 'Practices in a network are offered each other’s specialty referrals first.',
  },
  TEAM: {
    title: 'Invite your team',
    to: '/practice/team/invite',
    why: () => 'Colleagues share the referrals, chats and patients of the practice.',
  },
  INTAKE_FORM: {
    title: 'Create an intake form',
    to: '/intake',
    why: () => 'A link patients fill in before their first visit; what they send arrives on this page.',
  },
};

/**
 * A new practice's first steps on home, until every one is done: what makes it findable for
 * referrals and ready for its patients. It lists the steps left, each leading to the screen where
 * it is taken, and counts the rest; it is asked again on every visit, so a step taken disappears. Nothing shows while it
 * loads or if it fails: the worklist below is what home is for.
 */
export function SetupChecklist({ practiceId }: { practiceId: number }) {
  const id = useId();
  const { data } = useQuery(practiceSetupQuery(practiceId));
  if (!data) return null;
  const left = data.steps.filter((step) => !step.done).map(({ step }) => step);
  if (left.length === 0) return null;
  const done = data.steps.length - left.length;
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" id={id}>
        Make your practice findable
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {done} of {data.steps.length} done. This list goes away once they all are.
      </Text>
      <Progress value={(100 * done) / data.steps.length} size="sm" color="teal.8" mt={6} mb="md" aria-hidden />
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {left.map((step) => (
          <li key={step}>
            <Anchor component={Link} to={STEPS[step].to} fw={600}>
              {STEPS[step].title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {STEPS[step].why(data.timezone)}
            </Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
