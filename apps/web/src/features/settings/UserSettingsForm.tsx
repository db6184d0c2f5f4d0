import { Button, Group, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi, type practicesApi, type UserSettings } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useGates } from '../../lib/practiceGates';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { setSession } from '../../lib/session';
import { ErrorState, LoadingState } from '../../ui/States';

/**
 * The settings of features this app has, each shown only while the practice has its feature on.
 * Help screens and the calendar (their settings: helpScreen, calendarDisplaySlotHeight) do not
 * exist here yet: offering switches for them promised what nothing does.
 */
const TOGGLES: {
  key: 'notificationSounds' | 'reschedulePatientNotifications' | 'receiveAppointmentEmails';
  label: string;
  description: string;
  gate?: practicesApi.GateName;
}[] = [
  { key: 'notificationSounds', label: 'Notification sounds', description: 'Play a sound when something new arrives.' },
  {
    key: 'reschedulePatientNotifications',
    label: 'Tell patients about rescheduling',
    description: 'Notify patients when one of their appointments moves.',
    gate: 'appointments',
  },
  {
    key: 'receiveAppointmentEmails',
    label: 'Appointment emails',
    description: 'Email me about my appointments.',
    gate: 'appointments',
  },
];

type EditableSettings = Pick<UserSettings, (typeof TOGGLES)[number]['key']>;
const FIELDS = TOGGLES.map((toggle) => toggle.key);

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
  const gateOn = useGates();
  const shown = TOGGLES.filter((toggle) => !toggle.gate || gateOn(toggle.gate));
  const form = useForm<EditableSettings>({
    initialValues: {
      notificationSounds: settings.notificationSounds,
      reschedulePatientNotifications: settings.reschedulePatientNotifications,
      receiveAppointmentEmails: settings.receiveAppointmentEmails,
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const save = useMutation({
    // Only what is on screen: a hidden setting keeps what it was.
    mutationFn: (values: EditableSettings) =>
      call(usersApi.updateUserSettings, {
        params: { id: userId },
        query: { practiceId },
        body: Object.fromEntries(shown.map((toggle) => [toggle.key, values[toggle.key]])),
      }),
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
        {shown.map((toggle) => (
          <Switch
            key={toggle.key}
            label={toggle.label}
            description={toggle.description}
            {...form.getInputProps(toggle.key, { type: 'checkbox' })}
          />
        ))}
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
