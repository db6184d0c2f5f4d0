import { Badge, Button } from '@mantine/core';

/** The end of a found practice's or provider's row: added already, or the button that adds it. */
export function NetworkAddAction({
  member,
  label,
  loading,
  onAdd,
}: {
  member: boolean;
  label: string;
  loading: boolean;
  onAdd: () => void;
}) {
  if (member) {
    return (
      <Badge variant="light" color="gray">
        Already in this network
      </Badge>
    );
  }
  return (
    <Button size="xs" variant="light" aria-label={label} loading={loading} onClick={onAdd}>
      Add
    </Button>
  );
}
