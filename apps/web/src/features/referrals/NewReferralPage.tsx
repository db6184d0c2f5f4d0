import { useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Id } from '@referwell/contracts';
import { usePageTitle } from '../../lib/pageTitle';
import { PageHeader } from '../../ui/PageHeader';
import { Section } from '../../ui/Section';
import { LoadingState } from '../../ui/States';
import { namedOption } from '../../lib/catalogueSearch';
import { usePracticeScope, type PracticeScope } from '../../lib/practiceScope';
import { PatientPicker, type Patient } from '../patients';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { INITIAL_REFERRAL, validateReferral, type ReferralFormValues } from './referralForm';
import { ReferralForm } from './ReferralForm';
import { referralPaths } from './referralPaths';
import { referToFromState } from './ReferToPracticeButton';
import { practiceOption } from '../../lib/practiceSearch';
import { useReferAgainValues, type ReferAgainSource } from './useReferAgainValues';

/** Sending a referral: the patient, then where it goes and what it asks for. */
export function NewReferralPage() {
  usePageTitle('New referral');
  const scope = usePracticeScope();
  const from = useSearchParams()[0].get('from');
  if (!scope)
    return <NoPracticeMessage title="New referral" description="Referrals are sent and received by practices." />;
  // Patients and practices of one practice mean nothing in the next.
  if (from !== null) return <ReferAgain key={`${scope.practiceId}:${from}`} scope={scope} from={from} />;
  return <NewReferral key={scope.practiceId} scope={scope} />;
}

/** "Refer again" (?from=<id>): the form filled in from an ended referral, or empty with why not. */
function ReferAgain({ scope, from }: { scope: PracticeScope; from: string }) {
  const fromId = Id.safeParse(from);
  const again = useReferAgainValues(scope.practiceId, fromId.success ? fromId.data : null);
  if (again.status === 'loading') {
    return (
      <Page description={`Refer a patient of ${scope.practiceName} to another practice.`}>
        <LoadingState label={`Loading referral #${from}`} />
      </Page>
    );
  }
  if (again.status === 'failed') {
    return (
      <NewReferral
        scope={scope}
        problem={{ title: 'Could not fill in the referral', message: `${again.message} Fill in the form below.` }}
      />
    );
  }
  const problem = again.patientMessage
    ? { title: 'Could not load the patient', message: again.patientMessage }
    : undefined;
  return <NewReferral scope={scope} source={again.source} problem={problem} />;
}

function Page({ description, children }: { description: string; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={referralPaths.list()} size="sm">
        Back to referrals
      </Anchor>
      <PageHeader title="New referral" description={description} />
      {children}
    </Stack>
  );
}

interface NewReferralProps {
  scope: PracticeScope;
  /** The ended referral it is filled in from. */
  source?: ReferAgainSource;
  /** Why the form is less filled in than asked. */
  problem?: { title: string; message: string };
}

function NewReferral({ scope, source, problem }: NewReferralProps) {
  const [patient, setPatient] = useState<Patient | null>(source?.patient ?? null);
  const [patientError, setPatientError] = useState<string | null>(null);
  // Only a provider refers a patient; anyone else names the provider they send it for.
  const isProvider = useSession((session) => session.currentPractice?.roles.includes('PROVIDER') ?? false);
  // "Send referral" from a contact: a basic referral to that practice, unless refer-again filled it in.
  const referTo = referToFromState(useLocation().state);
  const initial: ReferralFormValues =
    source?.values ??
    (referTo ? { ...INITIAL_REFERRAL, type: 'BASIC', practice: practiceOption(referTo) } : INITIAL_REFERRAL);
  const form = useForm<ReferralFormValues>({
    initialValues: { ...initial, fromUserId: isProvider ? null : (source?.values.fromUserId ?? '') },
    validate: validateReferral,
  });

  function choosePatient(chosen: Patient | null) {
    setPatient(chosen);
    setPatientError(null);
    // The patient's own insurance is the likely one; a choice already made stays.
    if (chosen?.insurance && !form.values.insurance)
      form.setFieldValue('insurance', namedOption(chosen.insurance, chosen.insuranceName));
  }

  const description = source
    ? `Filled in from referral #${source.referralId}: change anything before sending it as a new referral.`
    : `Refer a patient of ${scope.practiceName} to another practice.`;
  return (
    <Page description={description}>
      {problem && (
        <Alert color="red" role="alert" variant="light" title={problem.title}>
          {problem.message}
        </Alert>
      )}
      <Section title="Patient">
        <PatientPicker practiceId={scope.practiceId} value={patient} onChange={choosePatient} error={patientError} />
      </Section>
      <ReferralForm
        scope={scope}
        form={form}
        patient={patient}
        onMissingPatient={() => setPatientError('Choose or add the patient')}
        copiedFrom={source?.referralId}
      />
    </Page>
  );
}
