import { Badge, VisuallyHidden } from '@mantine/core';

/** Past this the badge stops counting; the link's name still says the exact number. */
const SHOWN_MAX = 99;

/**
 * The count beside a navigation link. The badge is for the eye; screen readers hear "(3 unread)"
 * as part of the link's name instead. Nothing at all for 0.
 */
export function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      {/* red.9 keeps white text above 4.5:1. */}
      <Badge size="sm" color="red.9" aria-hidden>
        {count > SHOWN_MAX ? `${SHOWN_MAX}+` : count}
      </Badge>
      <VisuallyHidden> ({count} unread)</VisuallyHidden>
    </>
  );
}
