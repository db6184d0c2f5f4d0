import { Button, Fieldset, Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { referralsApi } from '@referwell/contracts';
import { DAY_LABELS, DISTANCE_LABELS, SCHEDULE_LABELS, TIME_OF_DAY_LABELS } from './referralLabels';

type Preference = referralsApi.SchedulePreference;

/** The contract's limit: every day in each of its three times. */
const MAX_PREFERENCES = 21;

const options = <T extends string>(labels: Record<T, string>) =>
  Object.entries<string>(labels).map(([value, label]) => ({ value, label }));

const SCHEDULE_HINTS: Record<referralsApi.ScheduleType, string> = {
  NEXT: 'The first appointment any matching practice has',
  PREFERENCE: 'Days and times that suit the patient',
  URGENT: 'As soon as possible; offered first',
};

interface ScheduleFieldsProps {
  scheduleType: referralsApi.ScheduleType;
  onScheduleTypeChange: (value: referralsApi.ScheduleType) => void;
  preferences: Preference[];
  onPreferencesChange: (value: Preference[]) => void;
  preferencesError?: string;
  distance: referralsApi.ReferralDistance;
  onDistanceChange: (value: referralsApi.ReferralDistance) => void;
}

/** When the patient wants to be seen, and how far they will travel (spec 1 §3). */
export function ScheduleFields(props: ScheduleFieldsProps) {
  const { scheduleType, preferences, onPreferencesChange } = props;
  const change = (index: number, patch: Partial<Preference>) =>
    onPreferencesChange(preferences.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <Stack gap="md">
      <Radio.Group
        label="When"
        value={scheduleType}
        onChange={(value) => {
          props.onScheduleTypeChange(value);
          // Choosing preferences starts with one row to fill in.
          if (value === 'PREFERENCE' && preferences.length === 0)
            onPreferencesChange([{ day: 'MON', timeOfDay: 'ANY' }]);
        }}
      >
        <Stack gap="xs" mt="xs">
          {referralsApi.ScheduleType.options.map((value) => (
            <Radio key={value} value={value} label={SCHEDULE_LABELS[value]} description={SCHEDULE_HINTS[value]} />
          ))}
        </Stack>
      </Radio.Group>
      {scheduleType === 'PREFERENCE' && (
        <Fieldset legend="Preferred days and times" variant="unstyled">
          <Stack gap="xs">
            {preferences.map((row, index) => (
              <Group key={index} gap="xs" align="flex-end" wrap="wrap">
                <NativeSelect
                  label={`Day ${index + 1}`}
                  data={options(DAY_LABELS)}
                  value={row.day}
                  onChange={(event) => change(index, { day: event.currentTarget.value as referralsApi.Day })}
                />
                <NativeSelect
                  label={`Time of day ${index + 1}`}
                  data={options(TIME_OF_DAY_LABELS)}
                  value={row.timeOfDay}
                  onChange={(event) =>
                    change(index, { timeOfDay: event.currentTarget.value as referralsApi.TimeOfDay })
                  }
                />
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => onPreferencesChange(preferences.filter((_, at) => at !== index))}
                >
                  Remove day {index + 1}
                </Button>
              </Group>
            ))}
            {props.preferencesError && (
              <Text size="sm" c="red.8" role="alert">
                {props.preferencesError}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                disabled={preferences.length >= MAX_PREFERENCES}
                onClick={() => onPreferencesChange([...preferences, { day: 'MON', timeOfDay: 'ANY' }])}
              >
                Add a day
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      )}
      <Radio.Group
        label="Distance from the patient"
        value={props.distance}
        onChange={(value) => props.onDistanceChange(value)}
      >
        <Group gap="md" mt="xs">
          {referralsApi.ReferralDistance.options.map((value) => (
            <Radio
              key={value}
              value={value}
              label={`${DISTANCE_LABELS[value]} (${referralsApi.DISTANCE_MILES[value]} miles)`}
            />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
