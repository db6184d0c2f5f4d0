import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatPhone, type LoginStep } from '@referwell/contracts';
import { Link } from 'react-router';
import { LoadingState } from '../../ui/States';
import { StepForm } from './StepForm';
import { signInPath } from './safeNext';
import { useSignInFlow, type ResumedFlow } from './useSignInFlow';

interface SignInFlowProps {
  isPasswordReset?: boolean;
  initialEmail?: string;
  /** Go on with a flow the server started elsewhere; its e-mail or phone cannot be changed. */
  resume?: ResumedFlow;
  /** Where the person goes after signing in, kept when they turn to a password reset. */
  next?: string;
  onComplete: () => Promise<void>;
}

function submitLabel(step: LoginStep, isPasswordReset: boolean): string {
  switch (step) {
    case 'PASSWORD':
      return 'Sign in';
    case 'SET_NEW_PASSWORD':
      return 'Save password and sign in';
    case 'EMAIL_CODE':
    case 'PHONE_CODE':
      return 'Verify code';
    default:
      return isPasswordReset ? 'Send code' : 'Continue';
  }
}

function resetPasswordPath(next: string): string {
  return `/reset-password${signInPath(next).slice('/login'.length)}`;
}

export function SignInFlow({ isPasswordReset = false, initialEmail, resume, next = '/', onComplete }: SignInFlowProps) {
  const flow = useSignInFlow({ isPasswordReset, resume, onComplete });
  if (flow.configLoading) return <LoadingState label="Preparing sign-in" />;

  const { step, identity, identifier } = flow;
  const onIdentityStep = identifier === null;
  const isCodeStep = step === 'EMAIL_CODE' || step === 'PHONE_CODE';
  const canResetPassword = !isPasswordReset && identity === 'EMAIL' && (step === 'EMAIL' || step === 'PASSWORD');

  return (
    <Stack gap="md">
      {flow.stepCount > 1 && flow.stepNumber > 0 && (
        <Text size="sm" c="dimmed">
          Step {flow.stepNumber} of {flow.stepCount}
        </Text>
      )}
      {flow.formError && (
        <Alert color="red" role="alert" variant="light">
          {flow.formError}
        </Alert>
      )}
      {flow.notice && (
        <Alert color="teal" role="status" variant="light">
          {flow.notice}
        </Alert>
      )}
      {identifier && !resume && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {identity === 'EMAIL' ? 'Email' : 'Phone'}:{' '}
            <strong>{identity === 'EMAIL' ? identifier : formatPhone(identifier)}</strong>
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={flow.restart} aria-label="Change email or phone">
            Change
          </Button>
        </Group>
      )}
      <StepForm
        key={`${identifier ?? ''}:${step}`}
        step={step}
        identity={identity}
        identifier={identifier}
        initialValue={onIdentityStep && identity === 'EMAIL' ? initialEmail : undefined}
        busy={flow.busy === 'submit'}
        fieldError={flow.fieldError}
        submitLabel={submitLabel(step, isPasswordReset)}
        onSubmit={(value, confirm) => void flow.submit(value, confirm)}
        onEdit={flow.clearFieldError}
      >
        {(typed) => (
          <Group justify="space-between" gap="xs">
            {onIdentityStep && !isPasswordReset && (
              <Button variant="subtle" size="compact-sm" onClick={flow.switchIdentity}>
                {identity === 'EMAIL' ? 'Use phone number instead' : 'Use email instead'}
              </Button>
            )}
            {isCodeStep && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => void flow.resend()}
                loading={flow.busy === 'resend'}
              >
                Resend code
              </Button>
            )}
            {canResetPassword && (
              <Anchor component={Link} to={resetPasswordPath(next)} state={{ email: identifier ?? typed }} size="sm">
                Forgot password?
              </Anchor>
            )}
          </Group>
        )}
      </StepForm>
    </Stack>
  );
}
