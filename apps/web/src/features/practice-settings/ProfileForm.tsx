import { useMemo, type ReactNode } from 'react';
import {
  Button,
  ColorInput,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PracticeType } from '@referwell/contracts';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { AddressSearch } from '../../ui/AddressSearch';
import { withFocusOnInvalid } from '../../lib/focusFirstInvalid';
import { NpiField } from './NpiField';
import {
  MATCH_RADIUS_MAX,
  PROFILE_FIELDS,
  TIER_TIMEOUT_MAX,
  TYPE_LABELS,
  profileBody,
  profileValues,
  timeZoneOptions,
  validateProfile,
  type ProfileValues,
} from './profileValues';
import { useUpdatePractice } from './queries';
import { reshapeServerError } from '../../lib/serverIssues';
import type { Practice } from './types';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const SWATCHES = ['#0b7285', '#1864ab', '#5f3dc4', '#a61e4d', '#c92a2a', '#d9480f', '#2b8a3e', '#343a40'];

function locationNote(v: ProfileValues): string {
  if (v.latitude !== null && v.longitude !== null) {
    return `Located at ${v.latitude.toFixed(4)}, ${v.longitude.toFixed(4)}. Start typing to search for another address.`;
  }
  return 'Start typing and choose a suggestion, so referral matching knows where the practice is.';
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

export function ProfileForm({ practice }: { practice: Practice }) {
  const form = useForm<ProfileValues>({ initialValues: profileValues(practice), validate: validateProfile });
  const errors = useServerErrors(form, PROFILE_FIELDS);
  const save = useUpdatePractice(practice.id);

  const submit = (values: ProfileValues) =>
    save.mutate(profileBody(values, practice), {
      onSuccess: (updated) => {
        form.setInitialValues(profileValues(updated));
        form.setValues(profileValues(updated));
        notifications.show({ color: 'teal', message: 'The practice profile is saved' });
      },
      onError: (error) => errors.show(reshapeServerError(error, {})),
    });

  // The same elements every render, so typing elsewhere does not rebuild 400-odd options.
  const zoneOptions = useMemo(
    () =>
      timeZoneOptions(practice.timezone).map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [practice.timezone],
  );
  const typeOptions = PracticeType.options
    .filter((type) => type !== 'THIRD_PARTY' || practice.type === 'THIRD_PARTY')
    .map((type) => ({ value: type, label: TYPE_LABELS[type] }));

  return (
    <form onSubmit={withFocusOnInvalid(errors.onSubmit(submit))} noValidate>
      <Stack gap="lg">
        <Section legend="Practice">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required autoComplete="organization" {...form.getInputProps('name')} />
            <Select
              label="Type"
              data={typeOptions}
              allowDeselect={false}
              disabled={practice.type === 'THIRD_PARTY'}
              description={
                practice.type === 'THIRD_PARTY'
                  ? 'Only platform administrators change a third-party practice.'
                  : undefined
              }
              {...form.getInputProps('type')}
            />
          </SimpleGrid>
          <Textarea label="About" rows={4} resize="vertical" {...form.getInputProps('about')} />
          <ColorInput
            label="Colour scheme"
            description="Used on pages patients see. A hex colour such as #0b7285."
            format="hex"
            swatches={SWATCHES}
            eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
            {...form.getInputProps('colorScheme')}
          />
        </Section>

        <Section legend="Location and contact">
          <AddressSearch
            required
            value={form.values.address}
            error={form.errors.address}
            description={locationNote(form.values)}
            onChange={(text, typed) => {
              form.setFieldValue('address', text);
              // A hand-typed address no longer matches the coordinates of the place picked before.
              if (typed) form.setValues({ placeId: null, latitude: null, longitude: null, country: null });
            }}
            onPick={(place) =>
              form.setValues({
                address: place.formattedAddress,
                placeId: place.placeId,
                latitude: place.latitude,
                longitude: place.longitude,
                country: place.country && /^[A-Z]{2}$/.test(place.country) ? place.country : null,
              })
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Building"
              description="Suite, floor or building name"
              {...form.getInputProps('building')}
            />
            <TextInput
              label="Phone"
              description="The number patients and practices call"
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('phoneNumber')}
            />
            <NpiField form={form} practiceId={practice.id} />
            {/* A native list: 400-odd zones, with type-to-jump, stay fast on every device. */}
            <NativeSelect
              label="Time zone"
              description="Opening hours and appointments use it."
              {...form.getInputProps('timezone')}
            >
              {zoneOptions}
            </NativeSelect>
          </SimpleGrid>
        </Section>

        <Section legend="Patients">
          <Textarea
            label="Welcome message while open"
            rows={2}
            resize="vertical"
            {...form.getInputProps('welcomeMessageOpen')}
          />
          <Textarea
            label="Welcome message while closed"
            rows={2}
            resize="vertical"
            {...form.getInputProps('welcomeMessageClosed')}
          />
          <TextInput
            label="Alternative scheduling link"
            type="url"
            description="Where patients can book when they cannot use Referwell."
            {...form.getInputProps('alternativeScheduleLink')}
          />
          <TextInput
            label="Appointment request redirect link"
            type="url"
            description="Where patients go after requesting an appointment."
            {...form.getInputProps('appointmentRequestRedirectLink')}
          />
        </Section>

        <Section legend="Referrals">
          <TagsInput
            label="Liaison e-mails"
            description="Who hears about referrals. Press Enter or a comma after each address."
            splitChars={[',', ' ', ';']}
            clearable
            {...form.getInputProps('liaisonEmails')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Tier timeout (minutes)"
              description="How long practices outside your networks have to accept a specialty referral you send (when matching outside your networks is on). Each network's tier has its own time limit; a referral sent to one practice waits until it is answered."
              min={1}
              max={TIER_TIMEOUT_MAX}
              allowDecimal={false}
              {...form.getInputProps('tierTimeout')}
            />
            <NumberInput
              label="Match radius (miles)"
              description="How far away matched practices may be."
              min={1}
              max={MATCH_RADIUS_MAX}
              allowDecimal={false}
              {...form.getInputProps('maxReferralMatchRadius')}
            />
          </SimpleGrid>
          <Switch
            label="Match outside our networks"
            description="Offer referrals to practices outside this practice's networks when no member accepts."
            {...form.getInputProps('allowOuterNetworkMatching', { type: 'checkbox' })}
          />
          <Switch
            label="Archive finished referrals automatically"
            description="Referrals that end declined, expired or cancelled move to the archive. Accepted ones stay listed."
            {...form.getInputProps('autoArchiveEnabled', { type: 'checkbox' })}
          />
        </Section>

        <FormErrorAlert message={errors.formError} />
        <UnsavedChangesGuard dirty={form.isDirty()} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || save.isPending}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
