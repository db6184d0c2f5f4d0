import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage } from '../../ui/States';
import type { GatedArea } from './gatedAreas';

/**
 * In place of an area's screen when the current practice has it off: someone who follows a link or
 * a bookmark there learns why the screen is missing rather than meeting calls that are refused.
 */
export function AreaOffMessage({ area, practiceName }: { area: GatedArea; practiceName: string }) {
  usePageTitle(area.name);
  return (
    <Stack gap="lg">
      <PageHeader title={area.name} description={`${area.name} is not turned on for ${practiceName}.`} />
      <EmptyMessage title="Not available in your practice">
        Referwell turns areas on for each practice. If yours needs this one, its administrator can ask us.{' '}
        <Anchor component={Link} to="/">
          Back to home
        </Anchor>
      </EmptyMessage>
    </Stack>
  );
}
