import { useId, useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { referralsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { Section } from '../../ui/Section';
import { findInsurances, findSpecialities } from '../../lib/catalogueSearch';
import type { Patient } from '../patients';
import { SearchSelect } from '../../ui/SearchSelect';
import { AttachmentsField } from './AttachmentsField';
import { MatchPreview, matchesNone, useMatchCheck, type MatchParams } from './MatchPreview';
import { findPractices, findProvidersAt } from '../../lib/practiceSearch';
import type { PracticeScope } from '../../lib/practiceScope';
import { referralFailure, toReferralBody, type ReferralCreateBody, type ReferralFormValues } from './referralForm';
import { referralPaths } from './referralPaths';
import { refreshReferrals } from './referralQueries';
import { ReferringProviderField } from './ReferringProviderField';
import { ScheduleFields } from './ScheduleFields';

interface ReferralFormProps {
  scope: PracticeScope;
  form: UseFormReturnType<ReferralFormValues>;
  patient: Patient | null;
  /** Sending without a patient: the patient section says so. */
  onMissingPatient: () => void;
  /** The ended referral this one is filled in from ("Refer again"); its attachments are not copied. */
  copiedFrom?: number;
}

function matchParams(scope: PracticeScope, patient: Patient | null, values: ReferralFormValues): MatchParams | null {
  if (values.type !== 'SPECIALTY' || !values.speciality) return null;
  const place =
    patient?.latitude != null && patient.longitude != null
      ? { latitude: patient.latitude, longitude: patient.longitude }
      : {};
  return {
    practice: scope.practiceId,
    speciality: values.speciality.id,
    insurance: values.insurance?.id,
    scheduleType: values.scheduleType,
    // PREFERENCE orders each tier by how practices' opening hours suit these times.
    schedulePreferences:
      values.scheduleType === 'PREFERENCE' && values.schedulePreferences.length > 0
        ? referralsApi.schedulePreferencesText(values.schedulePreferences)
        : undefined,
    matchingDistance: values.matchingDistance,
    ...place,
  };
}

/** What the referral asks for and where it goes; the patient is chosen above it. */
export function ReferralForm({ scope, form, patient, onMissingPatient, copiedFrom }: ReferralFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const params = matchParams(scope, patient, form.values);
  const match = useMatchCheck(params);
  const send = useMutation({
    mutationFn: (body: ReferralCreateBody) => call(referralsApi.createReferral, { body }),
    onSuccess: async (referral) => {
      void refreshReferrals(queryClient, scope.practiceId, referral);
      notifications.show({
        color: 'teal',
        message: `Referral for ${referral.patient.firstName} ${referral.patient.lastName} sent`,
      });
      // The window keeps its scroll across pages: the referral would open as far down as Send was.
      await navigate(referralPaths.detail(referral.id));
      window.scrollTo({ top: 0 });
    },
    onError: (error) => {
      const { fieldErrors, message } = referralFailure(error);
      form.setErrors(fieldErrors);
      setFailure(message);
      // The server may have found no practice left to match (one left a network since the preview):
      // the preview and Send catch up with it.
      if (params) void match.refetch();
    },
  });
  const noMatch = matchesNone(params, match);
  const noMatchId = useId();

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      if (!patient) return onMissingPatient();
      // Enter in a field submits too: the button's state alone would not stop it.
      if (noMatch) return;
      send.mutate(toReferralBody(scope.practiceId, patient, values));
    },
    () => {
      if (!patient) onMissingPatient();
    },
  );
  const { values } = form;

  return (
    <form onSubmit={submit} noValidate aria-label="Referral">
      <Stack gap="lg">
        <Section title="Referral">
          <Stack gap="md">
            {values.fromUserId !== null && (
              <ReferringProviderField
                practiceId={scope.practiceId}
                value={values.fromUserId}
                onChange={(value) => form.setFieldValue('fromUserId', value)}
                error={form.errors.fromUserId as string | undefined}
              />
            )}
            <Radio.Group label="Kind of referral" {...form.getInputProps('type')}>
              <Stack gap="xs" mt="xs">
                <Radio
                  value="SPECIALTY"
                  label="Specialty"
                  description="Matched to practices by speciality, insurance and distance"
                />
                <Radio value="BASIC" label="Basic" description="Sent to one practice you choose" />
              </Stack>
            </Radio.Group>
            {values.type === 'BASIC' ? (
              <>
                <SearchSelect
                  label="Practice"
                  required
                  placeholder="Search practices by name"
                  queryKey={['referrals', scope.practiceId, 'practiceSearch']}
                  search={(query, signal) => findPractices(scope.practiceId, query, signal)}
                  nothingFound="No practice matches"
                  value={values.practice}
                  onChange={(option) => {
                    form.setFieldValue('practice', option);
                    form.setFieldValue('provider', null);
                  }}
                  error={form.errors.practice}
                />
                {values.practice && (
                  <SearchSelect
                    label={`Provider at ${values.practice.label}`}
                    description="Optional: ask for one of their providers by name"
                    placeholder="Search their providers by name"
                    queryKey={['referrals', 'providersAt', values.practice.id]}
                    search={(query, signal) => findProvidersAt(values.practice!.id, query, signal)}
                    nothingFound="No provider there matches"
                    value={values.provider}
                    onChange={(option) => form.setFieldValue('provider', option)}
                    error={form.errors.provider}
                  />
                )}
              </>
            ) : (
              <>
                <SearchSelect
                  label="Speciality"
                  required
                  placeholder="Cardiology, ENT, physical therapist…"
                  queryKey={['catalogues', 'specialities']}
                  search={findSpecialities}
                  nothingFound="No speciality matches"
                  value={values.speciality}
                  onChange={(option) => form.setFieldValue('speciality', option)}
                  error={form.errors.speciality}
                />
                <SearchSelect
                  label="Insurance"
                  placeholder="Search insurance payers"
                  description="Only practices whose providers accept it are matched"
                  queryKey={['catalogues', 'insurances']}
                  search={findInsurances}
                  nothingFound="No insurance payer matches"
                  value={values.insurance}
                  onChange={(option) => form.setFieldValue('insurance', option)}
                  error={form.errors.insurance}
                />
                <ScheduleFields
                  scheduleType={values.scheduleType}
                  onScheduleTypeChange={(value) => form.setFieldValue('scheduleType', value)}
                  preferences={values.schedulePreferences}
                  onPreferencesChange={(value) => form.setFieldValue('schedulePreferences', value)}
                  preferencesError={form.errors.schedulePreferences as string | undefined}
                  distance={values.matchingDistance}
                  onDistanceChange={(value) => form.setFieldValue('matchingDistance', value)}
                />
              </>
            )}
          </Stack>
        </Section>
        <Section title="Notes and attachments" description="Seen by every practice the referral is offered to.">
          <Stack gap="md">
            <Textarea label="Notes" rows={4} resize="vertical" {...form.getInputProps('notes')} />
            {copiedFrom !== undefined && (
              // Files belong to the referral they were sent with.
              <Text size="sm" c="dimmed">
                Attachments of referral #{copiedFrom} are not copied: attach what the new practice needs.
              </Text>
            )}
            <AttachmentsField
              practiceId={scope.practiceId}
              label="Attachments"
              uploadLabel="Attach a file to the referral: drag & drop or"
              value={values.files}
              onChange={(ids) => form.setFieldValue('files', ids)}
              onUploadingChange={setUploading}
              error={form.errors.files as string | undefined}
            />
          </Stack>
        </Section>
        {values.type === 'SPECIALTY' && <MatchPreview params={params} match={match} />}
        {failure && (
          <Alert color="red" role="alert" variant="light" title="Could not send the referral">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {noMatch && (
            <Text id={noMatchId} size="sm" c="dimmed" ta="right" maw={420}>
              No practice matches yet, so no one would receive it.
            </Text>
          )}
          {/* Looks disabled but stays focusable (aria-disabled), so keyboard and screen reader users reach the reason. */}
          <Button
            type="submit"
            loading={send.isPending}
            disabled={uploading}
            data-disabled={noMatch || undefined}
            aria-disabled={noMatch || undefined}
            aria-describedby={noMatch ? noMatchId : undefined}
          >
            Send referral
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
