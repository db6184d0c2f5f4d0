import { Button, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi, type UserSettings } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { setSession } from '../../lib/session';
import { ErrorState, LoadingState } from '../../ui/States';

const SLOT_MIN = 10;
const SLOT_MAX = 200;

const TOGGLES = [
  { key: 'notificationSounds', label: 'Notification sounds', description: 'Play a sound when something new arrives.' },
  { key: 'helpScreen', label: 'Help screens', description: 'Show tips when you open a screen for the first time.' },
  {
    key: 'reschedulePatientNotifications',
    label: 'Tell patients about rescheduling',
    description: 'Notify patients when one of their appointments moves.',
  },
  { key: 'receiveAppointmentEmails', label: 'Appointment emails', description: 'Email me about my appointments.' },
] as const;

type EditableSettings = Pick<UserSettings, (typeof TOGGLES)[number]['key'] | 'calendarDisplaySlotHeight'>;
const FIELDS = [...TOGGLES.map((toggle) => toggle.key), 'calendarDisplaySlotHeight'];

function settingsQueryKey(userId: number, practiceId: number) {
  return ['userSettings', userId, practiceId] as const;
}

/** The user's settings in the current practice; each practice keeps its own. */
export function UserSettingsForm({ userId, practiceId }: { userId: number; practiceId: number }) {
  const query = useQuery({
    queryKey: settingsQueryKey(userId, practiceId),
    queryFn: async ({ signal }) => {
      const settings = await call(usersApi.getUserSettings, { params: { id: userId }, query: { practiceId }, signal });
      setSession({ userSettings: settings });
      return settings;
    },
  });

  if (query.isPending) return <LoadingState label="Loading your settings" />;
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load your settings"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <SettingsEditor key={practiceId} userId={userId} practiceId={practiceId} settings={query.data} />;
}

function SettingsEditor({
  userId,
  practiceId,
  settings,
}: {
  userId: number;
  practiceId: number;
  settings: UserSettings;
}) {
  const queryClient = useQueryClient();
  const form = useForm<EditableSettings>({
    initialValues: {
      notificationSounds: settings.notificationSounds,
      helpScreen: settings.helpScreen,
      reschedulePatientNotifications: settings.reschedulePatientNotifications,
      receiveAppointmentEmails: settings.receiveAppointmentEmails,
      calendarDisplaySlotHeight: settings.calendarDisplaySlotHeight,
    },
    validate: {
      calendarDisplaySlotHeight: (value) =>
        Number.isInteger(value) && value >= SLOT_MIN && value <= SLOT_MAX
          ? null
          : `Enter a whole number from ${SLOT_MIN} to ${SLOT_MAX}`,
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const save = useMutation({
    mutationFn: (values: EditableSettings) =>
      call(usersApi.updateUserSettings, { params: { id: userId }, query: { practiceId }, body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey(userId, practiceId), saved);
      setSession({ userSettings: saved });
      form.resetDirty();
      notifications.show({ color: 'teal', message: 'Your settings are saved' });
    },
    onError: errors.show,
  });

  return (
    <form onSubmit={errors.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        {TOGGLES.map((toggle) => (
          <Switch
            key={toggle.key}
            label={toggle.label}
            description={toggle.description}
            {...form.getInputProps(toggle.key, { type: 'checkbox' })}
          />
        ))}
        <NumberInput
          label="Calendar slot height"
          description={`Height of a time slot in the calendar, in pixels (${SLOT_MIN} to ${SLOT_MAX}).`}
          min={SLOT_MIN}
          max={SLOT_MAX}
          allowDecimal={false}
          allowNegative={false}
          maw={260}
          {...form.getInputProps('calendarDisplaySlotHeight')}
        />
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
