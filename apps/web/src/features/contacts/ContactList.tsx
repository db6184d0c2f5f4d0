import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { contactsApi } from '@referwell/contracts';
import { ListPagination } from '../../ui/ListPagination';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';

interface ContactListProps<T extends { id: number }> {
  list: {
    data?: { data: T[]; count: number };
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
  /** The search the page is for: empty for the whole book. */
  query: string;
  /** `label` names the list (and, with " pages", its page controls) for screen readers. */
  texts: { label: string; loading: string; failed: string; empty: string; emptyHint: ReactNode };
  row: (item: T) => ReactNode;
}

/** One page of an address book, 30 at a time, with its loading, empty and failed states. */
export function ContactList<T extends { id: number }>({ list, page, onPage, query, texts, row }: ContactListProps<T>) {
  if (list.isPending) return <LoadingState label={texts.loading} />;
  if (list.isError || !list.data) {
    return (
      <ErrorState
        title={texts.failed}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.data.length === 0) {
    if (query) return <EmptyMessage title={`No contact matches “${query}”`} />;
    return <EmptyMessage title={texts.empty}>{texts.emptyHint}</EmptyMessage>;
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={texts.label} style={{ listStyle: 'none' }}>
        {list.data.data.map((item) => (
          <li key={item.id}>{row(item)}</li>
        ))}
      </Stack>
      <ListPagination
        label={`${texts.label} pages`}
        page={page}
        pageSize={contactsApi.CONTACTS_PAGE_SIZE}
        count={list.data.count}
        onChange={onPage}
      />
    </Stack>
  );
}

/** A contact's card: who or what it is, a line or two about it, and what can be done from it. */
export function ContactCard({ name, details, actions }: { name: string; details: string[]; actions: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {details.map((detail) => (
            <Text key={detail} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Text>
          ))}
        </div>
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}

interface ContactSearchBarProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** The add button's text; the button stands aside while the add panel is open. */
  addLabel: string;
  adding: boolean;
  onAdd: () => void;
}

/** Above a contact list: the box that searches it and the button that opens its add panel. */
export function ContactSearchBar({
  label,
  placeholder,
  value,
  onChange,
  addLabel,
  adding,
  onAdd,
}: ContactSearchBarProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="search"
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        style={{ flex: '1 1 16rem' }}
      />
      {!adding && <Button onClick={onAdd}>{addLabel}</Button>}
    </Group>
  );
}

/** A contact card's Remove button; the caller asks for confirmation. */
export function RemoveContactButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${name} from contacts`} onClick={onClick}>
      Remove
    </Button>
  );
}
