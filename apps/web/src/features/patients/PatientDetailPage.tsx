import { useState } from 'react';
import { Anchor, Button, Grid, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatPhone, Id } from '@referwell/contracts';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/pageTitle';
import { usePracticeScope, type PracticeScope } from '../../lib/practiceScope';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { PatientCard } from './PatientCard';
import { PatientChats } from './PatientChats';
import { PatientForm } from './PatientForm';
import { patientPaths } from './patientPaths';
import { patientQuery, type Patient } from './patientQueries';
import { PatientReferrals } from './PatientReferrals';

export const NOT_IN_RECORDS = "This patient is not in your practice's records";

/** One of the practice's patients: who they are (editable), their referrals and the practice's chats with them. */
export function PatientDetailPage() {
  const scope = usePracticeScope();
  const id = Id.safeParse(useParams().patientId);
  if (!scope) return <NoPracticeMessage title="Patient" description="Practices keep their own patient records." />;
  if (!id.success) return <Missing />;
  return <PatientView key={`${scope.practiceId}:${id.data}`} scope={scope} id={id.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={patientPaths.list} size="sm">
      Back to patients
    </Anchor>
  );
}

function Missing() {
  usePageTitle('Patient');
  return (
    <Stack gap="lg">
      <BackLink />
      <EmptyMessage title={NOT_IN_RECORDS}>
        Each practice keeps its own records; this one may belong to another practice.
      </EmptyMessage>
    </Stack>
  );
}

function PatientView({ scope, id }: { scope: PracticeScope; id: number }) {
  const patient = useQuery(patientQuery(scope.practiceId, id));
  const data = patient.data;
  usePageTitle(data ? `${data.firstName} ${data.lastName}` : 'Patient');

  if (patient.isPending) return <LoadingState label="Loading the patient" />;
  if (patient.isError) {
    // 456: another practice's record; 404: no such record. The server tells them apart for no one.
    if (isApiError(patient.error, 456) || isApiError(patient.error, 404)) return <Missing />;
    return (
      <Stack gap="lg">
        <BackLink />
        <ErrorState
          title="Could not load the patient"
          error={patient.error}
          onRetry={() => void patient.refetch()}
          retrying={patient.isFetching}
        />
      </Stack>
    );
  }
  return <PatientContent scope={scope} patient={patient.data} />;
}

function PatientContent({ scope, patient }: { scope: PracticeScope; patient: Patient }) {
  const [editing, setEditing] = useState(false);
  const name = `${patient.firstName} ${patient.lastName}`;
  const reach = [
    patient.dateOfBirth && `DOB ${patient.dateOfBirth}`,
    patient.phoneNumber && formatPhone(patient.phoneNumber),
  ];
  return (
    <Stack gap="lg">
      <BackLink />
      <PageHeader
        title={name}
        description={reach.filter(Boolean).join(' · ') || `A patient of ${scope.practiceName}.`}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PatientCard
            patient={patient}
            actions={
              <Button variant="default" size="xs" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
                Edit
              </Button>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <PatientReferrals practiceId={scope.practiceId} patientId={patient.id} />
            <PatientChats scope={scope} patient={patient} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Edit ${name}`} centered size="lg">
        <PatientForm
          practiceId={scope.practiceId}
          patient={patient}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      </Modal>
    </Stack>
  );
}
