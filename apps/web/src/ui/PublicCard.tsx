import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';

/** The card a signed-out page (sign-in, sign-up, password reset, an invite, the 404) sits in. */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
      {children}
    </Paper>
  );
}
