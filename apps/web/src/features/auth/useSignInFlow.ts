import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  authApi,
  CODE_LENGTH,
  Email,
  normalizePhone,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type LoginStep,
} from '@referwell/contracts';
import { call } from '../../lib/api';
import { describeSignInError } from './signInErrors';

const APP = 'PROVIDER_WEB';

export type IdentityStep = 'EMAIL' | 'PHONE';
export type StepField = 'value' | 'confirm';

interface Flow {
  uuid: string;
  steps: LoginStep[];
  nextStep: LoginStep;
  identity: IdentityStep;
  identifier: string;
}

type Checked = { value: string } | { field: StepField; error: string };

/** What the person typed for a step, in the form the server wants, or why it cannot be sent. */
function checkStepValue(step: LoginStep, value: string, confirm: string): Checked {
  switch (step) {
    case 'EMAIL': {
      const email = Email.safeParse(value);
      return email.success ? { value: email.data } : { field: 'value', error: 'Enter a valid email address' };
    }
    case 'PHONE': {
      const phone = normalizePhone(value);
      return phone ? { value: phone } : { field: 'value', error: 'Enter a valid phone number' };
    }
    case 'PASSWORD':
      return value ? { value } : { field: 'value', error: 'Enter your password' };
    case 'EMAIL_CODE':
    case 'PHONE_CODE': {
      const code = value.replace(/\s/g, '');
      return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)
        ? { value: code }
        : { field: 'value', error: `Enter the ${CODE_LENGTH}-digit code` };
    }
    case 'SET_NEW_PASSWORD':
      if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) {
        return { field: 'value', error: `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` };
      }
      return value === confirm ? { value } : { field: 'confirm', error: 'The passwords do not match' };
  }
}

/** A flow the server already started elsewhere (a signup's phone verification), to go on with. */
export interface ResumedFlow {
  uuid: string;
  nextStep: LoginStep;
  identity: IdentityStep;
  identifier: string;
}

interface Options {
  isPasswordReset: boolean;
  resume?: ResumedFlow;
  onComplete: () => Promise<void>;
}

/** The server decides the steps; this walks whichever it asks for, one answer at a time. */
export function useSignInFlow({ isPasswordReset, resume, onComplete }: Options) {
  const config = useQuery({
    queryKey: ['authConfig', isPasswordReset],
    queryFn: () => call(authApi.authConfig, { body: { app: APP, isPasswordReset } }),
    staleTime: Infinity,
  });
  const [chosenIdentity, setChosenIdentity] = useState<IdentityStep | null>(null);
  const [flow, setFlow] = useState<Flow | null>(() => (resume ? { ...resume, steps: [resume.nextStep] } : null));
  const [busy, setBusy] = useState<'submit' | 'resend' | null>(null);
  const [fieldError, setFieldError] = useState<{ field: StepField; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const identity: IdentityStep =
    flow?.identity ?? chosenIdentity ?? (config.data?.steps[0] === 'PHONE' ? 'PHONE' : 'EMAIL');
  const step: LoginStep = flow?.nextStep ?? identity;
  const steps = flow?.steps ?? config.data?.steps ?? [];

  function clearMessages() {
    setFieldError(null);
    setFormError(null);
    setNotice(null);
  }

  async function submit(value: string, confirm: string) {
    clearMessages();
    const checked = checkStepValue(step, value, confirm);
    if ('error' in checked) {
      setFieldError({ field: checked.field, message: checked.error });
      return;
    }
    setBusy('submit');
    try {
      if (!flow) {
        const contact = identity === 'EMAIL' ? { email: checked.value } : { phone: checked.value };
        const started = await call(authApi.authStart, { body: { app: APP, isPasswordReset, ...contact } });
        setFlow({ ...started, identity, identifier: checked.value });
        return;
      }
      const answer = await call(authApi.authStep, {
        params: { uuid: flow.uuid },
        body: { step, value: checked.value },
      });
      if (answer.status === 'COMPLETE') {
        await onComplete();
      } else if (answer.nextStep) {
        setFlow({ ...flow, nextStep: answer.nextStep });
      }
    } catch (error) {
      const problem = describeSignInError(error);
      if (problem.restart) setFlow(null);
      if (problem.usePhone && !isPasswordReset) setChosenIdentity('PHONE');
      if (problem.target === 'field' && !problem.restart) setFieldError({ field: 'value', message: problem.message });
      else setFormError(problem.message);
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    if (!flow) return;
    clearMessages();
    setBusy('resend');
    try {
      await call(authApi.authResend, { params: { uuid: flow.uuid } });
      setNotice('We sent you a new code.');
    } catch (error) {
      const problem = describeSignInError(error);
      if (problem.restart) setFlow(null);
      setFormError(problem.message);
    } finally {
      setBusy(null);
    }
  }

  function switchIdentity() {
    clearMessages();
    setChosenIdentity(identity === 'EMAIL' ? 'PHONE' : 'EMAIL');
  }

  function restart() {
    clearMessages();
    setFlow(null);
  }

  return {
    // A resumed flow needs no configuration until it has to start over.
    configLoading: config.isPending && !flow,
    step,
    stepNumber: steps.indexOf(step) + 1,
    stepCount: steps.length,
    identity,
    identifier: flow?.identifier ?? null,
    busy,
    fieldError,
    formError,
    notice,
    submit,
    resend,
    switchIdentity,
    restart,
    clearFieldError: () => setFieldError(null),
  };
}
