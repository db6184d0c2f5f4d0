import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi, PASSWORD_MAX, PASSWORD_MIN } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { currentUserQuery } from '../../lib/currentUser';
import { usePageTitle } from '../../lib/pageTitle';
import { withFocusOnInvalid } from '../../lib/focusFirstInvalid';
import { PasswordField } from '../../ui/PasswordField';
import { PublicCard } from '../../ui/PublicCard';
import { FormErrorAlert } from '../../ui/serverErrors';
import { describeSignInError } from './signInErrors';

/**
 * Where the link e-mailed to someone an admin added to a practice lands: the link carries the
 * flow and its code, so the person only chooses a password. The code is answered with the
 * password, not on opening the page, so a mail scanner opening the link uses nothing up.
 */
export function SetPasswordPage() {
  usePageTitle('Set your password');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const flow = params.get('flow');
  const code = params.get('code');
  const [linkDead, setLinkDead] = useState(!flow || !code);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) =>
        value.length < PASSWORD_MIN || value.length > PASSWORD_MAX
          ? `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`
          : null,
      confirm: (value, values) => (value === values.password ? null : 'The passwords do not match'),
    },
  });

  async function submit(password: string) {
    if (!flow || !code) return;
    setFormError(null);
    setBusy(true);
    try {
      const uuid = { uuid: flow };
      // A second try after a refused password finds the code already answered.
      const where = await call(authApi.authFlowStatus, { params: uuid });
      if (where.status === 'COMPLETE') {
        setLinkDead(true);
        return;
      }
      if (where.nextStep === 'EMAIL_CODE')
        await call(authApi.authStep, { params: uuid, body: { step: 'EMAIL_CODE', value: code } });
      const done = await call(authApi.authStep, { params: uuid, body: { step: 'SET_NEW_PASSWORD', value: password } });
      if (done.status !== 'COMPLETE') throw new Error('The password was not set. Try again.');
      await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
      notifications.show({ color: 'teal', title: 'Password set', message: 'Welcome to Referwell: you are signed in.' });
      await navigate('/', { replace: true });
    } catch (error) {
      const problem = describeSignInError(error);
      if (problem.restart || isApiError(error, 457)) setLinkDead(true);
      else if (problem.target === 'field') form.setFieldError('password', problem.message);
      else setFormError(problem.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <PublicCard>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              Set your password
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              Your practice added you to Referwell. Choose a password to sign in with your e-mail address.
            </Text>
          </div>
          {linkDead ? (
            <Alert color="orange" variant="light" role="alert" title="This link no longer works">
              <Text size="sm">
                It has expired or was already used. Reset your password with your e-mail address instead, or ask your
                practice administrator to add you again.
              </Text>
              <Anchor component={Link} to="/reset-password" size="sm" c="inherit">
                Reset your password
              </Anchor>
            </Alert>
          ) : (
            <form onSubmit={withFocusOnInvalid(form.onSubmit(({ password }) => void submit(password)))} noValidate>
              <Stack gap="md">
                <PasswordField
                  label="New password"
                  description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('password')}
                />
                <PasswordField
                  label="Confirm new password"
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('confirm')}
                />
                <FormErrorAlert message={formError} />
                <Button type="submit" loading={busy} fullWidth>
                  Set password and sign in
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </PublicCard>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Already set it? Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
