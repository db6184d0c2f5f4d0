import { ColorInput, Fieldset, SegmentedControl, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Email, intakeApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormActions } from '../../ui/FormActions';
import { FormModal } from '../../ui/FormModal';
import { SpecialitiesField } from '../../ui/SpecialitiesField';
import { useServerErrors } from '../../ui/serverErrors';
import { withFocusOnInvalid } from '../../lib/focusFirstInvalid';
import { reshapeServerError } from '../../lib/serverIssues';
import { ENDPOINT_TAKEN, EndpointField, useEndpointAvailability } from './EndpointField';
import { intakeKeys, type Bot, type IntakeScope } from './intakeQueries';
import { QUESTION_STYLE_LABELS } from './intakeLabels';

const DEFAULT_COLOR = '#1C7ED6';
const SWATCHES = ['#1C7ED6', '#0B7285', '#2B8A3E', '#E67700', '#C92A2A', '#A61E4D', '#5F3DC4', '#212529'];
const FIELDS = ['name', 'endpoint', 'colorScheme', 'emailsToNotify', 'specialityQuestionType', 'specialities'] as const;
const STYLE_OPTIONS = intakeApi.QuestionStyle.options.map((value) => ({ value, label: QUESTION_STYLE_LABELS[value] }));

type Values = {
  name: string;
  endpoint: string;
  colorScheme: string;
  emailsToNotify: string[];
  specialityQuestionType: intakeApi.QuestionStyle;
  specialities: number[];
};

function toBody(practiceId: number, values: Values): intakeApi.BotCreate {
  return {
    practiceId,
    name: values.name,
    endpoint: values.endpoint,
    colorScheme: values.colorScheme,
    emailsToNotify: values.emailsToNotify,
    specialityQuestionType: values.specialityQuestionType,
    // Specialities mean nothing to a form that does not ask for one.
    specialities: values.specialityQuestionType === 'NONE' ? [] : values.specialities,
  };
}

/** Names the address that is wrong: the list may hold several. */
function emailsError(emails: string[]): string | null {
  const bad = emails.find((email) => !Email.safeParse(email).success);
  return bad === undefined ? null : `${bad} is not a valid e-mail address`;
}

/** The contract's own rules give the messages, so the form and the server never disagree. */
function validate(practiceId: number, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  // The contract's first word on an empty address is about its length.
  if (!values.endpoint.trim()) errors.endpoint = 'Address is required';
  const emails = emailsError(values.emailsToNotify);
  if (emails) errors.emailsToNotify = emails;
  const parsed = intakeApi.BotCreate.safeParse(toBody(practiceId, values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  return errors;
}

interface BotFormModalProps {
  scope: IntakeScope;
  /** The form being edited; absent when creating one. */
  bot: Bot | null;
  opened: boolean;
  onClose: () => void;
}

export function BotFormModal({ scope, bot, opened, onClose }: BotFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={bot ? `Edit ${bot.name}` : 'New intake form'} size="lg">
      {/* Keyed so each opening starts from the form's saved values. */}
      <BotForm key={bot?.id ?? 'new'} scope={scope} bot={bot} onDone={onClose} />
    </FormModal>
  );
}

function BotForm({ scope, bot, onDone }: { scope: IntakeScope; bot: Bot | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      name: bot?.name ?? '',
      endpoint: bot?.endpoint ?? '',
      colorScheme: bot?.colorScheme ?? DEFAULT_COLOR,
      emailsToNotify: bot?.emailsToNotify ?? [],
      specialityQuestionType: bot?.specialityQuestionType ?? 'NONE',
      specialities: bot?.specialities ?? [],
    },
    validate: (values) => validate(scope.practiceId, values),
  });
  const errors = useServerErrors(form, FIELDS);
  const availability = useEndpointAvailability(form.values.endpoint, bot?.id, bot?.endpoint);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = toBody(scope.practiceId, values);
      return bot ? call(intakeApi.updateBot, { params: { id: bot.id }, body }) : call(intakeApi.createBot, { body });
    },
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: bot ? `${saved.name} is saved` : `${saved.name} is ready for patients`,
      });
      onDone();
      await queryClient.invalidateQueries({ queryKey: intakeKeys.practice(scope.practiceId) });
    },
    onError: (error) => errors.show(reshapeServerError(error, { fieldFor: { ERROR_OBJECT_EXISTS: 'endpoint' } })),
  });

  const submit = withFocusOnInvalid(
    errors.onSubmit((values) => {
      // The check may still be on its way; the server refuses a taken address in any case.
      if (availability.taken) form.setFieldError('endpoint', ENDPOINT_TAKEN);
      else save.mutate(values);
    }),
  );
  const asks = form.values.specialityQuestionType !== 'NONE';

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          description="Patients see it at the top of the form"
          {...form.getInputProps('name')}
        />
        <EndpointField inputProps={form.getInputProps('endpoint')} availability={availability} />
        <ColorInput
          label="Colour"
          description="The form's buttons take this colour"
          format="hex"
          swatches={SWATCHES}
          eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
          {...form.getInputProps('colorScheme')}
        />
        <TagsInput
          label="E-mails to notify"
          description={`Told of each new submission; up to ${intakeApi.MAX_NOTIFY_EMAILS}. Press Enter after each address.`}
          maxTags={intakeApi.MAX_NOTIFY_EMAILS}
          splitChars={[',', ' ', ';']}
          clearable
          value={form.values.emailsToNotify}
          error={form.errors.emailsToNotify}
          onChange={(emails) => {
            // Each address is checked as it is added, so a typo is caught while it is in mind.
            const trimmed = emails.map((email) => email.trim());
            form.setFieldValue('emailsToNotify', trimmed);
            form.setFieldError('emailsToNotify', emailsError(trimmed));
          }}
        />
        <Fieldset legend="Ask patients for a speciality" variant="unstyled">
          <SegmentedControl
            fullWidth
            data={STYLE_OPTIONS}
            value={form.values.specialityQuestionType}
            onChange={(value) => form.setFieldValue('specialityQuestionType', value)}
          />
        </Fieldset>
        {asks && (
          <SpecialitiesField
            label="Specialities the form offers"
            max={intakeApi.MAX_BOT_SPECIALITIES}
            fullMessage={`The form offers as many specialities as it can (${intakeApi.MAX_BOT_SPECIALITIES}).`}
            value={form.values.specialities}
            onChange={(ids) => form.setFieldValue('specialities', ids)}
            error={typeof form.errors.specialities === 'string' ? form.errors.specialities : undefined}
          />
        )}
        <FormActions
          formError={errors.formError}
          pending={save.isPending}
          submitLabel={bot ? 'Save form' : 'Create form'}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
