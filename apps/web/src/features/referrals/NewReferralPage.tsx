import { useState } from 'react';
import { useSession } from '../../lib/session';
import { Anchor, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { PageHeader } from '../../ui/PageHeader';
import { Section } from '../../ui/Section';
import { namedOption } from '../patients/catalogueSearch';
import { PatientPicker } from '../patients/PatientPicker';
import type { Patient } from '../patients/patientQueries';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { INITIAL_REFERRAL, validateReferral, type ReferralFormValues } from './referralForm';
import { ReferralForm } from './ReferralForm';
import { referralPaths } from './referralPaths';
import { useReferralScope, type ReferralScope } from './referralQueries';

/** Sending a referral: the patient, then where it goes and what it asks for. */
export function NewReferralPage() {
  usePageTitle('New referral');
  const scope = useReferralScope();
  if (!scope) return <NoPracticeMessage title="New referral" description="Referrals are sent and received by practices." />;
  // Patients and practices of one practice mean nothing in the next.
  return <NewReferral key={scope.practiceId} scope={scope} />;
}

function NewReferral({ scope }: { scope: ReferralScope }) {
  const [patient, setPatient] = useState<Patient | null>(null);
  const [patientError, setPatientError] = useState<string | null>(null);
  // Only a provider refers a patient; anyone else names the provider they send it for.
  const isProvider = useSession((session) => session.currentPractice?.roles.includes('PROVIDER') ?? false);
  const form = useForm<ReferralFormValues>({
    initialValues: { ...INITIAL_REFERRAL, fromUserId: isProvider ? null : '' },
    validate: validateReferral,
  });

  function choosePatient(chosen: Patient | null) {
    setPatient(chosen);
    setPatientError(null);
    // The patient's own insurance is the likely one; a choice already made stays.
    if (chosen?.insurance && !form.values.insurance) form.setFieldValue('insurance', namedOption(chosen.insurance, chosen.insuranceName));
  }

  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={referralPaths.list()} size="sm">
        Back to referrals
      </Anchor>
      <PageHeader title="New referral" description={`Refer a patient of ${scope.practiceName} to another practice.`} />
      <Section title="Patient">
        <PatientPicker practiceId={scope.practiceId} value={patient} onChange={choosePatient} error={patientError} />
      </Section>
      <ReferralForm scope={scope} form={form} patient={patient} onMissingPatient={() => setPatientError('Choose or add the patient')} />
    </Stack>
  );
}
