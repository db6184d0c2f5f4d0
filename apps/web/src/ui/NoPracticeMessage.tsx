import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/pageTitle';
import { PageHeader } from './PageHeader';
import { EmptyMessage } from './States';

/** For pages about a practice's work, shown to someone in no practice: how to get into one. */
export function NoPracticeMessage({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <PageHeader title={title} description={description} />
      <EmptyMessage title="You are not working in a practice yet">
        <Anchor component={Link} to="/practices/join">
          Find a practice to join
        </Anchor>
        ,{' '}
        <Anchor component={Link} to="/practices/new">
          create your practice
        </Anchor>{' '}
        or ask a practice administrator to invite you.
      </EmptyMessage>
    </Stack>
  );
}
