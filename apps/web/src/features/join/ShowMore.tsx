import { useState, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';

const FIRST = 10;

/** A list the server sends whole: the first ten, then all on request. */
export function ShowMore<T>({
  items,
  label,
  children,
}: {
  items: T[];
  label: string;
  children: (item: T) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST);
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {shown.map(children)}
      </Stack>
      {items.length > shown.length && (
        <Group>
          <Button variant="default" onClick={() => setAll(true)}>
            Show all {items.length}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
