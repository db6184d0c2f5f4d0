import { CloseButton, Group, Pill } from '@mantine/core';

interface RemovablePillsProps {
  /** Names the list for screen readers ("Chosen specialities"). */
  label: string;
  items: readonly { id: number; name: string }[];
  onRemove: (id: number) => void;
  /** While a change is being saved, nothing else is removed. */
  disabled?: boolean;
}

/** Chosen things shown as pills, each with a labelled button that removes it. */
export function RemovablePills({ label, items, onRemove, disabled }: RemovablePillsProps) {
  if (items.length === 0) return null;
  return (
    <Group component="ul" gap={6} m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {items.map(({ id, name }) => (
        <li key={id}>
          <Pill size="md">
            <Group gap={4} wrap="nowrap">
              {name}
              <CloseButton size="xs" aria-label={`Remove ${name}`} disabled={disabled} onClick={() => onRemove(id)} />
            </Group>
          </Pill>
        </li>
      ))}
    </Group>
  );
}
