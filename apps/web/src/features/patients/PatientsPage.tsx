import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatPhone, patientsApi } from '@referwell/contracts';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import { LinkCardItem } from '../../ui/LinkCardItem';
import { ListPagination } from '../../ui/ListPagination';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { PatientForm } from './PatientForm';
import { patientPaths } from './patientPaths';
import { patientListQuery, type Patient } from './patientQueries';

export const PATIENT_SEARCH_DEBOUNCE_MS = 300;

/** The current practice's patient records: searched, paged, and added to. */
export function PatientsPage() {
  usePageTitle('Patients');
  const membership = useSession((session) => session.currentPractice);
  if (!membership)
    return <NoPracticeMessage title="Patients" description="Practices keep their own patient records." />;
  // Keyed by practice: a search typed in one practice means nothing in the next.
  return (
    <PracticePatients
      key={membership.practice.id}
      practiceId={membership.practice.id}
      practiceName={membership.practice.name}
    />
  );
}

function PracticePatients({ practiceId, practiceName }: { practiceId: number; practiceName: string }) {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), PATIENT_SEARCH_DEBOUNCE_MS);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageHeader title="Patients" description={`The patient records ${practiceName} keeps.`} />
        <Button onClick={() => setAdding(true)}>Add patient</Button>
      </Group>
      <TextInput
        type="search"
        label="Search patients"
        placeholder="Name, phone or e-mail"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <PatientList key={query} practiceId={practiceId} query={query} />
      <Modal opened={adding} onClose={() => setAdding(false)} title="New patient" centered size="lg">
        <PatientForm
          practiceId={practiceId}
          onCancel={() => setAdding(false)}
          onSaved={(patient) => void navigate(patientPaths.detail(patient.id))}
        />
      </Modal>
    </Stack>
  );
}

/** One page of patients for a search; a new search (a new key) starts at the first page. */
function PatientList({ practiceId, query }: { practiceId: number; query: string }) {
  const [page, setPage] = useState(0);
  const list = useQuery(patientListQuery(practiceId, query, page));

  if (list.isPending) return <LoadingState label="Loading patients" />;
  if (list.isError) {
    return (
      <ErrorState
        title="Could not load the patients"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.data.length === 0) {
    if (query) return <EmptyMessage title={`No patient matches “${query}”`} />;
    return (
      <EmptyMessage title="No patients yet">
        Patients you add, or whose referrals your practice accepts, are kept here.
      </EmptyMessage>
    );
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="Patients" style={{ listStyle: 'none' }}>
        {list.data.data.map((patient) => (
          <PatientListItem key={patient.id} patient={patient} />
        ))}
      </Stack>
      <ListPagination
        label="Patient pages"
        page={page}
        pageSize={patientsApi.PATIENTS_PAGE_SIZE}
        count={list.data.count}
        onChange={setPage}
      />
    </Stack>
  );
}

function PatientListItem({ patient }: { patient: Patient }) {
  return (
    <LinkCardItem to={patientPaths.detail(patient.id)}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {patient.firstName} {patient.lastName}
        </Text>
        <Group gap="md" wrap="wrap">
          {patient.dateOfBirth && <Text size="sm" c="dimmed">{`DOB ${patient.dateOfBirth}`}</Text>}
          {patient.phoneNumber && <Text size="sm">{formatPhone(patient.phoneNumber)}</Text>}
        </Group>
      </Group>
    </LinkCardItem>
  );
}
