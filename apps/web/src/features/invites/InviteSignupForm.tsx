import { Alert, Anchor, Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Email, normalizePhone, PASSWORD_MAX, PASSWORD_MIN, signupApi, type invitesApi } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { roleLabel } from '../../lib/roles';
import { PasswordField } from '../../ui/PasswordField';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';
import { signInPath } from '../auth';
import { invitedRole, knownEmail, signupRole } from './describeInvite';

const NAME_MAX = 100;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'termsAccepted'] as const;

export interface SignedUp {
  uuid: string;
  phone: string;
}

function name(label: string) {
  return (value: string) => {
    if (!value.trim()) return `Enter your ${label}`;
    return value.trim().length > NAME_MAX ? `Use at most ${NAME_MAX} characters` : null;
  };
}

function sentToHint(invite: invitesApi.InviteView): string | undefined {
  if (knownEmail(invite)) return 'The invite was sent to this address.';
  if (invite.email) return `Use the address the invite was sent to (${invite.email}).`;
  return undefined;
}

/** A provider account made from an invite; the server accepts the invite with the new account. */
interface InviteSignupFormProps {
  invite: invitesApi.InviteView;
  code: string;
  onSignedUp: (signedUp: SignedUp) => void;
}

export function InviteSignupForm({ invite, code, onSignedUp }: InviteSignupFormProps) {
  const fixedEmail = knownEmail(invite);
  const role = signupRole(invite);
  const joiningRole = invitedRole(invite);
  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      email: fixedEmail ?? '',
      phone: '',
      password: '',
      termsAccepted: false,
    },
    validate: {
      firstName: name('first name'),
      lastName: name('last name'),
      email: (value) => (Email.safeParse(value).success ? null : 'Enter a valid email address'),
      phone: (value) => (normalizePhone(value) ? null : 'Enter a valid phone number'),
      password: (value) =>
        value.length < PASSWORD_MIN || value.length > PASSWORD_MAX
          ? `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`
          : null,
      termsAccepted: (value) => (value ? null : 'You must accept the terms'),
    },
  });
  const errors = useServerErrors(form, FIELDS);

  const signup = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(signupApi.providerSignup, {
        body: {
          email: values.email.trim(),
          phone: normalizePhone(values.phone) ?? values.phone,
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          role,
          app: 'PROVIDER_WEB',
          termsAccepted: true,
          inviteCode: code,
        },
      }),
    onSuccess: (answer, values) =>
      onSignedUp({ uuid: answer.verification.uuid, phone: normalizePhone(values.phone) ?? values.phone }),
    onError: (error) => {
      // This refusal names no field in its issues, but it is about the number typed.
      if (!isApiError(error, 450)) errors.show(error);
    },
  });

  const exists = isApiError(signup.error, 450) ? signup.error : null;

  return (
    <form onSubmit={errors.onSubmit((values) => signup.mutate(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={fixedEmail !== null}
          description={sentToHint(invite)}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          required
          description="We will text you a code to confirm it."
          {...form.getInputProps('phone')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          {...form.getInputProps('password')}
        />
        {joiningRole && (
          <Text size="sm">
            You will join with the <strong>{roleLabel(joiningRole)}</strong> role.
          </Text>
        )}
        <Checkbox
          label="I accept the Referwell terms of service and privacy policy"
          {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
        />
        {exists && (
          <Alert color="orange" role="alert" variant="light" title="You already have an account">
            <Text size="sm">{errorMessage(exists)}</Text>
            <Anchor component={Link} to={signInPath(`/invite/${code}`)} size="sm">
              Sign in to accept the invite
            </Anchor>
          </Alert>
        )}
        <FormErrorAlert message={errors.formError} />
        <Button type="submit" loading={signup.isPending} fullWidth>
          Create my account
        </Button>
      </Stack>
    </form>
  );
}
