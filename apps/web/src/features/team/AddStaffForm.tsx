import { useState, type FocusEvent } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { directoryApi, Email, normalizePhone, staffAccountsApi } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { roleLabel } from '../../lib/roles';
import { withFocusOnInvalid } from '../../lib/focusFirstInvalid';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { teamPath, type TeamScope } from './teamAccess';
import { refreshTeam } from './teamQueries';
import type { InvitePrefill } from './InviteForm';

type StaffRole = staffAccountsApi.StaffRole;

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'role'] as const;
const ROLES: StaffRole[] = ['PROVIDER', 'STAFF', 'THIRD_PARTY_STAFF'];
const LINK_DAYS = Math.round(staffAccountsApi.SET_PASSWORD_LINK_TTL_MS / 86_400_000);
const PHONE_TAKEN = 'An account already uses this phone number.';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: StaffRole;
};

const INITIAL: Values = { firstName: '', lastName: '', email: '', phoneNumber: '', role: 'STAFF' };

const required = (label: string) => (value: string) => (value.trim() ? null : `Enter their ${label}`);

/**
 * An admin makes a staff member's account in the practice; the person is e-mailed a link to set
 * their password. Someone who already has an account cannot be added, only invited: the form says
 * so as soon as the phone number is typed, and again if the server refuses (450), and offers to
 * carry what was typed over to the invite form.
 */
export function AddStaffForm({ scope }: { scope: TeamScope }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [hasAccount, setHasAccount] = useState(false);
  const form = useForm<Values>({
    initialValues: INITIAL,
    // A different address may have no account: the warning waits for the next check.
    onValuesChange: (values, previous) => {
      if (values.email !== previous.email || values.phoneNumber !== previous.phoneNumber) setHasAccount(false);
    },
    validate: {
      firstName: required('first name'),
      lastName: required('last name'),
      email: (value) => (Email.safeParse(value).success ? null : 'Enter a valid email address'),
      phoneNumber: (value) => (normalizePhone(value) ? null : 'Enter a valid phone number'),
    },
  });
  const errors = useServerErrors(form, FIELDS);
  const phoneInput = form.getInputProps('phoneNumber');

  /** Says on the field, before sending, that the number already has an account; quiet if it cannot tell. */
  async function checkPhone(typed: string) {
    const phone = normalizePhone(typed);
    if (!phone) return;
    try {
      const { exists } = await call(directoryApi.userByPhone, { query: { phoneNumber: phone } });
      // The person may have changed the number while it was checked.
      if (!exists || normalizePhone(form.getValues().phoneNumber) !== phone) return;
      form.setFieldError('phoneNumber', PHONE_TAKEN);
      setHasAccount(true);
    } catch {
      // The server checks again when the form is sent.
    }
  }

  const add = useMutation({
    mutationFn: (values: Values) =>
      call(staffAccountsApi.addStaffMember, {
        query: { practiceId: scope.practiceId },
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          phoneNumber: normalizePhone(values.phoneNumber) ?? values.phoneNumber,
          role: values.role,
        },
      }),
    onSuccess: async ({ user }) => {
      notifications.show({
        color: 'teal',
        message: `We e-mailed ${user.firstName} ${user.lastName} a link to set their password`,
      });
      form.reset();
      setHasAccount(false);
      await refreshTeam(queryClient, scope.practiceId);
    },
    onError: (error) => {
      errors.show(error);
      if (isApiError(error, 450)) setHasAccount(true);
    },
  });

  function inviteInstead() {
    const { email, phoneNumber, firstName, lastName, role } = form.getValues();
    // Third-party staff are invited as vendors, the others as providers, with the role chosen here.
    const type = role === 'THIRD_PARTY_STAFF' ? 'VENDOR' : 'PROVIDER';
    const prefill: InvitePrefill = { type, role, email, phoneNumber, firstName, lastName };
    void navigate(teamPath('invite'), { state: { invite: prefill } });
  }

  return (
    <form onSubmit={withFocusOnInvalid(errors.onSubmit((values) => add.mutate(values)))} noValidate>
      <Stack maw={640}>
        <Text size="sm" c="dimmed">
          For someone who works at {scope.practiceName} and has no Referwell account yet. We make the account and e-mail
          them a link to choose their password. The link works for {LINK_DAYS} days.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" required autoComplete="off" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="E-mail" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label="Mobile phone"
            type="tel"
            required
            autoComplete="off"
            {...phoneInput}
            onBlur={(event) => {
              (phoneInput.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined)?.(event);
              void checkPhone(event.currentTarget.value);
            }}
          />
        </SimpleGrid>
        <Select
          label="Role in the practice"
          description="You can make them an admin under Members once they have signed in."
          data={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
          allowDeselect={false}
          {...form.getInputProps('role')}
        />
        {hasAccount && (
          <Alert color="orange" variant="light" title="They already have an account">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Someone with this address already uses Referwell. Invite them instead: they join once they accept.
              </Text>
              <Button variant="light" size="compact-sm" onClick={inviteInstead}>
                Send an invite instead
              </Button>
            </Stack>
          </Alert>
        )}
        <FormErrorAlert message={errors.formError} />
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add staff member
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
