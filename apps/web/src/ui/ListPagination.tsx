import { Group, Pagination, Text } from '@mantine/core';

interface ListPaginationProps {
  /** Zero-based, as the API counts pages. */
  page: number;
  pageSize: number;
  /** How many items the whole list holds. */
  count: number;
  onChange: (page: number) => void;
  /** The navigation's accessible name, e.g. "Team pages". */
  label: string;
  /** Off when the page is narrowed after loading, so "1–30 of 75" would not describe what is shown. */
  showRange?: boolean;
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Page controls for a list, with named controls; nothing when everything fits on one page. */
export function ListPagination({ page, pageSize, count, onChange, label, showRange = true }: ListPaginationProps) {
  const pages = Math.ceil(count / pageSize);
  if (pages <= 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(count, (page + 1) * pageSize);
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm">
      {showRange && (
        <Text size="sm" c="dimmed">
          {first}–{last} of {count}
        </Text>
      )}
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(value) => onChange(value - 1)}
        size="sm"
        siblings={1}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
