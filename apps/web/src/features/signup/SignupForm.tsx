import type { FocusEvent, ReactNode } from 'react';
import { Alert, Anchor, Button, Checkbox, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  directoryApi,
  Email,
  normalizePhone,
  PASSWORD_MAX,
  PASSWORD_MIN,
  signupApi,
  type BodyOf,
} from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { withFocusOnInvalid } from '../../lib/focusFirstInvalid';
import { PasswordField } from '../../ui/PasswordField';
import { FormErrorAlert, useServerErrors } from '../../ui/serverErrors';

export type SignupRole = BodyOf<typeof signupApi.providerSignup>['role'];

const NAME_MAX = 100;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'role', 'termsAccepted'] as const;

/** What each role means to someone choosing it. */
const ROLE_CHOICES: { value: SignupRole; label: string; description: string }[] = [
  { value: 'PROVIDER', label: 'Provider', description: 'I see patients: a physician, therapist or other clinician.' },
  { value: 'STAFF', label: 'Staff', description: 'I work at a practice: the front desk, referrals or its office.' },
  {
    value: 'THIRD_PARTY_STAFF',
    label: 'Third-party staff',
    description: 'I work for a company that serves practices, such as a billing or scheduling service.',
  },
];

/** The account exists, unverified; its texted code comes next. */
export interface SignedUp {
  uuid: string;
  phone: string;
}

/** An address typed in either field, as the server keeps it, or null while it is not a valid one. */
const ADDRESS = {
  email: (typed: string) => Email.safeParse(typed).data ?? null,
  phone: (typed: string) => normalizePhone(typed),
};
const ADDRESS_WORDS = { email: 'e-mail address', phone: 'phone number' };

function name(label: string) {
  return (value: string) => {
    if (!value.trim()) return `Enter your ${label}`;
    return value.trim().length > NAME_MAX ? `Use at most ${NAME_MAX} characters` : null;
  };
}

interface SignupFormProps {
  /** The role the account is made with; when absent the person chooses one. */
  role?: SignupRole;
  /** Shown below the fields, e.g. the role an invite grants. */
  note?: ReactNode;
  /** An e-mail the person cannot change (an invite sent to them). */
  fixedEmail?: string | null;
  emailDescription?: string;
  /** The invite the account is made from; the server accepts it with the account. */
  inviteCode?: string;
  /** Where someone whose e-mail or phone already has an account goes to sign in. */
  signIn: { to: string; label: string };
  onSignedUp: (signedUp: SignedUp) => void;
}

/**
 * A provider-side account (spec 2 §5): names, e-mail, mobile phone, password, role and terms. Checks
 * what it can before sending and puts each refusal of the server on its field; a taken e-mail or
 * phone (450) also offers to sign in instead.
 */
export function SignupForm({
  role,
  note,
  fixedEmail = null,
  emailDescription,
  inviteCode,
  signIn,
  onSignedUp,
}: SignupFormProps) {
  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      email: fixedEmail ?? '',
      phone: '',
      password: '',
      role: role ?? '',
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
      role: (value) => (value ? null : 'Choose what you do'),
      termsAccepted: (value) => (value ? null : 'You must accept the terms'),
    },
  });
  const errors = useServerErrors(form, FIELDS);

  /**
   * Says on the field, as soon as it is left, that the address already has an account, offering to
   * sign in; quiet when it cannot tell. The server's answer to the whole form stays the last word.
   */
  async function checkTaken(field: 'email' | 'phone', typed: string) {
    const value = ADDRESS[field](typed);
    if (!value) return;
    try {
      const { taken } = await call(directoryApi.phoneOrEmailTaken, { query: { value } });
      // The person may have changed the field while it was checked.
      if (!taken || ADDRESS[field](form.getValues()[field]) !== value) return;
      form.setFieldError(
        field,
        <>
          An account already uses this {ADDRESS_WORDS[field]}.{' '}
          <Anchor component={Link} to={signIn.to} size="sm" c="inherit">
            Sign in instead?
          </Anchor>
        </>,
      );
    } catch {
      // Nothing to say: the server checks again when the form is sent.
    }
  }

  /** The field's input props, with the check above when it loses focus. */
  function addressInput(field: 'email' | 'phone') {
    const input = form.getInputProps(field);
    return {
      ...input,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        (input.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined)?.(event);
        void checkTaken(field, event.currentTarget.value);
      },
    };
  }

  const signup = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(signupApi.providerSignup, {
        body: {
          email: values.email.trim(),
          phone: normalizePhone(values.phone) ?? values.phone,
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          role: values.role as SignupRole,
          app: 'PROVIDER_WEB',
          termsAccepted: true,
          ...(inviteCode ? { inviteCode } : {}),
        },
      }),
    onSuccess: (answer, values) =>
      onSignedUp({ uuid: answer.verification.uuid, phone: normalizePhone(values.phone) ?? values.phone }),
    onError: (error) => {
      // A taken address gets its own alert below; only the fields it names are marked.
      if (isApiError(error, 450) && error.issues.length === 0) return;
      errors.show(error);
    },
  });

  const exists = isApiError(signup.error, 450) ? signup.error : null;

  return (
    <form onSubmit={withFocusOnInvalid(errors.onSubmit((values) => signup.mutate(values)))} noValidate>
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
          description={emailDescription}
          {...(fixedEmail === null ? addressInput('email') : form.getInputProps('email'))}
        />
        <TextInput
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          required
          description="We will text you a code to confirm it."
          {...addressInput('phone')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          {...form.getInputProps('password')}
        />
        {!role && (
          <Radio.Group label="What do you do?" required {...form.getInputProps('role')}>
            <Stack gap="xs" mt="xs">
              {ROLE_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {note}
        <Checkbox
          label="I accept the Referwell terms of service and privacy policy"
          {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
        />
        {exists && (
          <Alert color="orange" role="alert" variant="light" title="You may already have an account">
            <Text size="sm">{errorMessage(exists)}</Text>
            <Anchor component={Link} to={signIn.to} size="sm" c="inherit">
              {signIn.label}
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
