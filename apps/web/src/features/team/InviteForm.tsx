import { Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { invitesApi, type InviteType, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { roleLabel } from '../../lib/roles';
import { canManageTeam, isAdmin, type TeamScope } from './teamAccess';
import { inviteAddress } from './InvitesTable';
import { teamKeys } from './teamQueries';

const FIELDS = ['email', 'phoneNumber', 'type', 'role', 'firstName', 'lastName', 'message'] as const;
const NO_ADDRESS_MESSAGE = 'Either phoneNumber or email must be provided.';

const TYPE_LABELS: Record<InviteType, string> = { PROVIDER: 'Provider', PATIENT: 'Patient', VENDOR: 'Vendor' };

/** The roles this person may hand out with an invite of this type (patients get none). */
function roleChoices(type: InviteType, roles: readonly Role[]): Role[] {
  if (type === 'PROVIDER') return isAdmin(roles) ? ['PROVIDER', 'STAFF', 'ADMIN'] : ['PROVIDER', 'STAFF'];
  if (type === 'VENDOR')
    return canManageTeam(roles) ? ['THIRD_PARTY_STAFF', 'THIRD_PARTY_ADMIN'] : ['THIRD_PARTY_STAFF'];
  return [];
}

const DEFAULT_ROLE: Record<InviteType, string | null> = {
  PROVIDER: 'PROVIDER',
  VENDOR: 'THIRD_PARTY_STAFF',
  PATIENT: null,
};

type Values = {
  type: InviteType;
  email: string;
  phoneNumber: string;
  role: string | null;
  firstName: string;
  lastName: string;
  message: string;
};

const INITIAL: Values = {
  type: 'PROVIDER',
  email: '',
  phoneNumber: '',
  role: 'PROVIDER',
  firstName: '',
  lastName: '',
  message: '',
};

/** What another form (adding a staff member) carries over when it sends someone here instead. */
export type InvitePrefill = Pick<Values, 'type' | 'role' | 'email' | 'phoneNumber' | 'firstName' | 'lastName'>;

/** Blank fields are left out, as the API reads a missing field and an empty one differently. */
function toBody(values: Values) {
  const text = (value: string) => value.trim() || undefined;
  return {
    type: values.type,
    email: text(values.email),
    phoneNumber: text(values.phoneNumber),
    role: values.type === 'PATIENT' ? undefined : ((values.role ?? undefined) as Role | undefined),
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    message: text(values.message),
  };
}

export function InviteForm({ scope }: { scope: TeamScope }) {
  const queryClient = useQueryClient();
  const prefill = (useLocation().state as { invite?: InvitePrefill } | null)?.invite;
  const form = useForm<Values>({
    initialValues: { ...INITIAL, ...prefill },
    validate: {
      email: (value, values) => (!value.trim() && !values.phoneNumber.trim() ? NO_ADDRESS_MESSAGE : null),
      message: (value) =>
        value.trim().length > invitesApi.INVITE_MESSAGE_MAX
          ? `Message must be at most ${invitesApi.INVITE_MESSAGE_MAX} characters`
          : null,
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const send = useMutation({
    mutationFn: (values: Values) =>
      call(invitesApi.sendInvite, { query: { practiceId: scope.practiceId }, body: toBody(values) }),
    onSuccess: async ({ invite, resent }) => {
      const address = inviteAddress(invite);
      notifications.show({
        color: 'teal',
        message: resent ? `The pending invite to ${address} was sent again` : `Invite sent to ${address}`,
      });
      // Empty for the next invite, not refilled with what another form carried over.
      form.setInitialValues(INITIAL);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: teamKeys.invites(scope.practiceId) });
    },
    onError: (error) => {
      errors.show(error);
    },
  });

  const roles = roleChoices(form.values.type, scope.roles);
  return (
    <form onSubmit={errors.onSubmit((values) => send.mutate(values))} noValidate>
      <Stack maw={640}>
        <Text size="sm" c="dimmed">
          We send a link to join {scope.practiceName} by e-mail or text message. It works for 14 days.
        </Text>
        <Radio.Group
          label="Who are you inviting?"
          {...form.getInputProps('type')}
          onChange={(value) => {
            const type = value as InviteType;
            form.setValues({ type, role: DEFAULT_ROLE[type] });
          }}
        >
          <Group mt="xs">
            {(Object.keys(TYPE_LABELS) as InviteType[]).map((type) => (
              <Radio key={type} value={type} label={TYPE_LABELS[type]} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label="Mobile phone"
            type="tel"
            autoComplete="off"
            {...form.getInputProps('phoneNumber')}
            onChange={(event) => {
              form.setFieldValue('phoneNumber', event.currentTarget.value);
              // A phone number answers the "e-mail or phone" error shown on the e-mail field.
              form.clearFieldError('email');
            }}
          />
        </SimpleGrid>
        {roles.length > 0 && (
          <Select
            label="Role in the practice"
            data={roles.map((role) => ({ value: role, label: roleLabel(role) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" description="Optional" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" description="Optional" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Textarea
          label="Message"
          description="Optional, included in the invite"
          rows={4}
          resize="vertical"
          {...form.getInputProps('message')}
        />
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
