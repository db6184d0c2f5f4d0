import type { ReactNode } from 'react';
import { Badge, Card } from '@mantine/core';
import { Link } from 'react-router';
import './linkCard.css';

/**
 * A list item that is one big link (a referral, a submission): the whole card opens it, and its
 * border and outline show where the pointer and the keyboard are.
 */
export function LinkCardItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Card
        component={Link}
        to={to}
        withBorder
        radius="md"
        padding="sm"
        className="rw-link-card"
        style={{ color: 'inherit', textDecoration: 'none' }}
      >
        {children}
      </Card>
    </li>
  );
}

/** The unread mark; its word is what screen readers hear, the colour only repeats it. */
export function NewBadge() {
  return (
    <Badge color="blue" variant="filled" radius="sm" size="sm">
      New
    </Badge>
  );
}
