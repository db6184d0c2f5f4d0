import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { auditApi, type Role } from '@referwell/contracts';
import { formatDate } from '../../lib/dates';
import { ListPagination } from '../../ui/ListPagination';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { canReadAudit } from './auditAccess';
import { AuditFiltersForm } from './AuditFiltersForm';
import { NO_FILTERS, auditPageQuery, auditQueryOf, type AuditEvent, type AuditFilters } from './auditQueries';
import { ExportCsvButton } from './ExportCsvButton';

/** What an event was about, in a few words: the route refused, the number texted, the record touched. */
function summary(event: AuditEvent): string {
  // The fields read here are JSON scalars the server wrote; other actions' details are not read.
  const d = event.details as Record<string, string | number | boolean | null | undefined>;
  if (event.action === 'access.refused') return `${String(d.route ?? '')} (${String(d.status ?? '')})`;
  if (event.action.startsWith('text.'))
    return [d.to, d.purpose && String(d.purpose).replace(/_/g, ' '), d.limit && `${String(d.limit)} limit`]
      .filter(Boolean)
      .join(', ');
  return event.targetType && event.targetId ? `${event.targetType.replace(/_/g, ' ')} ${event.targetId}` : '';
}

const COLUMNS: DataTableColumn<AuditEvent>[] = [
  { accessor: 'at', title: 'When', noWrap: true, render: (e) => formatDate(e.at, 'FullSmallNoDay') },
  {
    accessor: 'actor',
    title: 'Person',
    render: (e) =>
      e.actor?.name ?? (
        <Text span c="dimmed" size="sm">
          Nobody signed in
        </Text>
      ),
  },
  { accessor: 'label', title: 'Action' },
  { accessor: 'patient', title: 'Patient', render: (e) => e.patient?.name ?? '' },
  { accessor: 'details', title: 'About', render: summary },
  { accessor: 'ip', title: 'From', noWrap: true, render: (e) => e.ip ?? '' },
];

export function AuditTrailTab({ practiceId, roles }: { practiceId: number; roles: readonly Role[] }) {
  if (!canReadAudit(roles)) {
    return (
      <EmptyMessage title="Only practice admins read the audit trail">
        The audit trail records who read or changed the practice’s records. Ask an admin of the practice if you need to
        see it.
      </EmptyMessage>
    );
  }
  return <AuditTrail practiceId={practiceId} />;
}

/**
 * The practice's audit trail: who did what, to which patient, when and from where, newest first;
 * refused attempts on the practice's records included. Filters apply at once and start from the
 * first page; the export takes the same filters.
 */
function AuditTrail({ practiceId }: { practiceId: number }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const query = auditQueryOf(filters);
  const events = useQuery(auditPageQuery(practiceId, query, page));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  let content;
  if (events.isPending) content = <LoadingState label="Loading the audit trail" />;
  else if (events.isError) {
    content = (
      <ErrorState
        title="Could not load the audit trail"
        error={events.error}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
      />
    );
  } else if (!events.data.data.length) {
    content = (
      <EmptyMessage title={filtered ? 'No events match these filters' : 'Nothing recorded yet'}>
        {filtered
          ? 'Try another person, patient, action or dates.'
          : 'What the practice’s people do with its records will be listed here.'}
      </EmptyMessage>
    );
  } else {
    content = (
      <>
        <DataTable<AuditEvent>
          aria-label="Audit trail"
          records={events.data.data}
          columns={COLUMNS}
          idAccessor="id"
          fetching={events.isFetching}
          loaderBackgroundBlur={1}
          striped
          withTableBorder
          verticalSpacing="xs"
          minHeight={120}
          // On a phone the table scrolls sideways: keyboard users must be able to reach and scroll it.
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Audit trail table' } }}
        />
        <ListPagination
          label="Audit trail pages"
          page={page}
          pageSize={auditApi.AUDIT_PAGE_SIZE}
          count={events.data.count}
          onChange={setPage}
        />
      </>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Every read and change of the practice’s patients, referrals, chats and files, and every attempt from outside the
        practice that was refused.
      </Text>
      <AuditFiltersForm
        practiceId={practiceId}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      <Group justify="space-between" align="flex-start">
        <Text size="sm" aria-live="polite">
          {events.data
            ? `${events.data.count.toLocaleString('en-US')} ${events.data.count === 1 ? 'event' : 'events'}`
            : ''}
        </Text>
        <ExportCsvButton practiceId={practiceId} query={query} />
      </Group>
      {content}
    </Stack>
  );
}
