import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

interface ListPaginationProps {
  /** Zero-based, as the API counts pages. */
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}

/** Page controls for an API list, labelled for screen readers; hidden when everything fits one page. */
export function ListPagination({ page, pageSize, total, onChange, label }: ListPaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {first}–{last} of {total}
      </Text>
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
