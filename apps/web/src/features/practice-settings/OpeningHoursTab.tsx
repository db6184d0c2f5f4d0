import { Alert, Anchor, Button, Fieldset, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { OpeningHoursEntry, Role } from '@referwell/contracts';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { canEditPractice } from './access';
import { withFocusOnInvalid } from '../../lib/focusFirstInvalid';
import { copyMondayToWeekdays, DAY_NAMES, describeDay, endError, timeError, weekFrom } from './openingHours';
import { useUpdatePractice } from './queries';
import { reshapeServerError } from '../../lib/serverIssues';
import type { Practice } from './types';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

type HoursValues = {
  days: OpeningHoursEntry[];
};

const FIELDS = DAY_NAMES.flatMap((_, i) => [`days.${i}.start`, `days.${i}.end`]);

export function OpeningHoursTab({ practice, roles }: { practice: Practice; roles: readonly Role[] }) {
  const zoneNote = `Times are in the practice's time zone, ${practice.timezone}.`;
  if (!canEditPractice(roles)) {
    return (
      <Stack>
        <Text c="dimmed">{zoneNote} Only practice admins can change them.</Text>
        <Table.ScrollContainer minWidth={280}>
          <Table>
            <Table.Caption>Opening hours</Table.Caption>
            <Table.Tbody>
              {weekFrom(practice.openingHours).map((day) => (
                <Table.Tr key={day.dayOfWeek}>
                  <Table.Th scope="row">{DAY_NAMES[day.dayOfWeek]}</Table.Th>
                  <Table.Td>{describeDay(day)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  }
  return <HoursEditor practice={practice} zoneNote={zoneNote} />;
}

function HoursEditor({ practice, zoneNote }: { practice: Practice; zoneNote: string }) {
  const form = useForm<HoursValues>({
    initialValues: { days: weekFrom(practice.openingHours) },
    validate: {
      days: {
        start: (value, values, path) => (values.days[Number(path.split('.')[1])].open ? timeError(value) : null),
        end: (_, values, path) => endError(values.days[Number(path.split('.')[1])]),
      },
    },
  });
  const errors = useServerErrors(form, FIELDS);
  const save = useUpdatePractice(practice.id);
  // The update always carries the address, which the spec requires; without one it would be refused.
  const missingAddress = !practice.address;

  const submit = ({ days }: HoursValues) =>
    save.mutate(
      { address: practice.address ?? '', openingHours: days },
      {
        onSuccess: (updated) => {
          form.setInitialValues({ days: weekFrom(updated.openingHours) });
          form.setValues({ days: weekFrom(updated.openingHours) });
          notifications.show({ color: 'teal', message: 'Opening hours are saved' });
        },
        onError: (error) => errors.show(reshapeServerError(error, { depth: 3, rename: { openingHours: 'days' } })),
      },
    );

  return (
    <form onSubmit={withFocusOnInvalid(errors.onSubmit(submit))} noValidate>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Text c="dimmed">{zoneNote}</Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => form.setFieldValue('days', copyMondayToWeekdays(form.values.days))}
          >
            Copy Monday to weekdays
          </Button>
        </Group>
        {form.values.days.map((day, i) => (
          <Fieldset key={day.dayOfWeek} legend={DAY_NAMES[day.dayOfWeek]} radius="md" p="sm">
            {/* Side by side on wide screens; on a phone the switch sits above the two times. */}
            <Group align="flex-start" gap="md" wrap="wrap">
              <Switch
                label="Open"
                w={{ base: '100%', xs: 90 }}
                mt={{ base: 0, xs: 30 }}
                {...form.getInputProps(`days.${i}.open`, { type: 'checkbox' })}
              />
              <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: '1 1 260px' }} maw={340}>
                <TextInput
                  type="time"
                  label="Opens at"
                  style={{ flex: 1 }}
                  disabled={!day.open}
                  {...form.getInputProps(`days.${i}.start`)}
                />
                <TextInput
                  type="time"
                  label="Closes at"
                  style={{ flex: 1 }}
                  disabled={!day.open}
                  {...form.getInputProps(`days.${i}.end`)}
                />
              </Group>
            </Group>
          </Fieldset>
        ))}
        {missingAddress && (
          <Alert color="yellow" variant="light" role="alert">
            Add the practice address on the{' '}
            <Anchor component={Link} to="/practice/settings">
              Profile tab
            </Anchor>{' '}
            before saving opening hours.
          </Alert>
        )}
        <FormErrorAlert message={errors.formError} />
        <UnsavedChangesGuard dirty={form.isDirty()} />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={missingAddress}>
            Save opening hours
          </Button>
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || save.isPending}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
