import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { departmentsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { appointmentBody, initialAppointment, validateAppointment, type AppointmentValues } from './appointmentValues';
import { LOCATION_LABELS } from './referralLabels';
import { acceptErrorMessage, type ReferralMutations } from './referralMutations';
import type { ReferralDetail } from './referralQueries';

interface AppointmentModalProps {
  mode: 'accept' | 'reschedule';
  opened: boolean;
  onClose: () => void;
  referral: ReferralDetail;
  scope: PracticeScope;
  mutations: ReferralMutations;
  onDone: (message: string) => void;
}

const FIELDS = ['start', 'end', 'appointmentLocation', 'departmentId', 'addressOverride', 'virtualLink'] as const;

/** Accepting (the appointment may wait) or moving the appointment of an accepted referral. */
export function AppointmentModal(props: AppointmentModalProps) {
  const title = props.mode === 'accept' ? 'Accept referral' : 'Reschedule appointment';
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered size="lg">
      {/* Keyed so each opening starts from the referral's current appointment. */}
      {props.opened && <AppointmentForm key={props.referral.updatedAt} {...props} />}
    </Modal>
  );
}

function AppointmentForm({ mode, onClose, referral, scope, mutations, onDone }: AppointmentModalProps) {
  const form = useForm<AppointmentValues>({
    initialValues: initialAppointment(mode === 'reschedule' ? referral.appointment : null),
    validate: (values) => validateAppointment(values, mode),
  });
  const departments = useQuery({
    queryKey: ['referrals', scope.practiceId, 'departments'],
    queryFn: ({ signal }) => call(departmentsApi.practiceDepartments, { params: { id: scope.practiceId }, signal }),
    enabled: form.values.appointmentLocation === 'DEPARTMENT',
  });
  const mutation = mode === 'accept' ? mutations.accept : mutations.reschedule;
  const kind = form.values.appointmentLocation;
  const failure = mutation.error
    ? mode === 'accept'
      ? acceptErrorMessage(mutation.error)
      : (serverFieldErrors(mutation.error, FIELDS).message ?? errorMessage(mutation.error))
    : null;

  const submit = form.onSubmit((values) => {
    const body = appointmentBody(values);
    const done = { onSuccess: () => onDone(mode === 'accept' ? 'Referral accepted' : 'Appointment rescheduled') };
    const onError = (error: unknown) => form.setErrors(serverFieldErrors(error, FIELDS).fieldErrors);
    if (mode === 'accept') mutations.accept.mutate(body, { ...done, onError });
    else mutations.reschedule.mutate({ ...body, start: body.start!, end: body.end! }, { ...done, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {mode === 'accept'
            ? `Accept the referral of ${referral.patient.firstName} ${referral.patient.lastName} for ${scope.practiceName}. You can propose the appointment now or later.`
            : `Choose the new time for ${referral.patient.firstName} ${referral.patient.lastName}'s appointment.`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label="Starts"
            required={mode === 'reschedule'}
            data-autofocus
            {...form.getInputProps('start')}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            required={mode === 'reschedule'}
            {...form.getInputProps('end')}
          />
        </SimpleGrid>
        <NativeSelect
          label="Where"
          data={[
            { value: '', label: 'Not decided yet' },
            ...Object.entries(LOCATION_LABELS).map(([value, label]) => ({ value, label })),
          ]}
          {...form.getInputProps('appointmentLocation')}
        />
        {kind === 'DEPARTMENT' && (
          <NativeSelect
            label="Department"
            required
            description={departments.isError ? 'Could not load the departments' : undefined}
            data={[
              { value: '', label: departments.isPending ? 'Loading…' : 'Choose a department' },
              ...(departments.data ?? []).map((department) => ({
                value: String(department.id),
                label: department.name,
              })),
            ]}
            {...form.getInputProps('departmentId')}
          />
        )}
        {kind === 'CUSTOM_ADDRESS' && <TextInput label="Address" {...form.getInputProps('addressOverride')} />}
        {kind === 'VIRTUAL' && (
          <TextInput
            label="Virtual appointment link"
            type="url"
            placeholder="https://"
            {...form.getInputProps('virtualLink')}
          />
        )}
        {failure && (
          <Alert color="red" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {mode === 'accept' ? 'Accept referral' : 'Save new time'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
