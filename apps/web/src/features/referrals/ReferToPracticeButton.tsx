import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { usersApi, type PracticeSummary } from '@referwell/contracts';
import { referralPaths } from './referralPaths';

/**
 * The new-referral form comes with the practice in router state: its summary is what the form's
 * practice field holds, and whoever links here has it already.
 */
const STATE_KEY = 'referTo';

/** The practice a link asked the new-referral form to refer to, if it names a valid one. */
export function referToFromState(state: unknown): PracticeSummary | null {
  if (typeof state !== 'object' || state === null || !(STATE_KEY in state)) return null;
  const parsed = usersApi.PracticeSummary.safeParse((state as Record<string, unknown>)[STATE_KEY]);
  return parsed.success ? parsed.data : null;
}

/** Opens the new-referral form as a basic referral to `practice`. */
export function ReferToPracticeButton({ practice }: { practice: PracticeSummary }) {
  return (
    <Button
      component={Link}
      to={referralPaths.create}
      state={{ [STATE_KEY]: practice }}
      variant="light"
      size="xs"
      aria-label={`Send a referral to ${practice.name}`}
    >
      Send referral
    </Button>
  );
}
