import { Alert, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { chatsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useServerErrors } from '../../ui/serverErrors';
import { FormActions } from '../../ui/FormActions';
import { PATIENT_SEARCH_MIN, findPatients, type Patient } from '../patients';
import type { SearchOption } from '../../lib/searchOption';
import { SearchSelect } from '../../ui/SearchSelect';
import { useStartChat, type ChatCreateBody } from './chatMutations';
import { contractErrors } from './contractErrors';
import type { StartChatFormProps } from './NewChatButton';

const CHOOSE_PATIENT = 'Choose the patient to chat with';

type Way = 'record' | 'phone';

type Values = {
  way: Way;
  patient: SearchOption<Patient> | null;
  /** The contract's name for the numbers invited, so the server's issues land on the field. */
  usersPhoneNumbers: string;
};

const phoneBody = (practiceId: number, phone: string): ChatCreateBody => ({
  practiceId,
  type: 'PATIENT',
  usersPhoneNumbers: phone.trim() ? [phone.trim()] : [],
});

function validate(practiceId: number, values: Values): Record<string, string> {
  if (values.way === 'record') return values.patient ? {} : { patient: CHOOSE_PATIENT };
  return contractErrors(chatsApi.ChatCreate, phoneBody(practiceId, values.usersPhoneNumbers));
}

/**
 * Starts a chat with a patient: one of the practice's patients (POST /patient/{id}/action/createChat)
 * or anyone by phone number (a PATIENT chat with usersPhoneNumbers). Either way the patient is
 * texted a link to the chat room and needs no account.
 */
export function PatientChatForm({ scope, onStarted, onCancel }: StartChatFormProps) {
  const form = useForm<Values>({
    initialValues: { way: 'record', patient: null, usersPhoneNumbers: '' },
    validate: (values) => validate(scope.practiceId, values),
  });
  // A number's own issue comes back at usersPhoneNumbers.0.
  const server = useServerErrors(form, ['usersPhoneNumbers', 'usersPhoneNumbers.0']);
  const start = useStartChat(scope, (values: Values) =>
    values.way === 'record'
      ? call(chatsApi.createPatientChat, { params: { id: values.patient!.id }, body: { practiceId: scope.practiceId } })
      : call(chatsApi.createChat, { body: phoneBody(scope.practiceId, values.usersPhoneNumbers) }),
  );

  const submit = server.onSubmit((values) => start.mutate(values, { onSuccess: onStarted, onError: server.show }));
  const { way } = form.values;

  return (
    <form onSubmit={submit} noValidate aria-label="Chat with a patient">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Find the patient"
          data={[
            { value: 'record', label: 'Your patients' },
            { value: 'phone', label: 'By phone number' },
          ]}
          {...form.getInputProps('way')}
        />
        {way === 'record' ? (
          <SearchSelect
            label="Patient"
            required
            placeholder="Search by name, phone or e-mail"
            minChars={PATIENT_SEARCH_MIN}
            queryKey={['patients', scope.practiceId, 'search', 'chat']}
            search={(query, signal) => findPatients(scope.practiceId, query, signal)}
            nothingFound="No patient matches"
            value={form.values.patient}
            onChange={(option) => {
              form.setFieldValue('patient', option);
              form.clearFieldError('patient');
            }}
            error={form.errors.patient}
          />
        ) : (
          <TextInput
            label="Patient’s phone number"
            type="tel"
            required
            autoComplete="off"
            {...form.getInputProps('usersPhoneNumbers')}
            error={form.errors.usersPhoneNumbers ?? form.errors['usersPhoneNumbers.0']}
          />
        )}
        {/* Information, not a warning: it must not interrupt as an alert would. */}
        <Alert color="blue" variant="light" role="note">
          The patient gets a text message with a link to the chat. They can answer from their phone without an account.
        </Alert>
        <FormActions
          formError={server.formError}
          pending={start.isPending}
          submitLabel="Start chat"
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
