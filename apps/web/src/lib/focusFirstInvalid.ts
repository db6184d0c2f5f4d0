import type { FormEvent } from 'react';

/**
 * Wraps a form's submit handler so that, when validation marks fields invalid, the first one gets
 * focus: in a long form the message may be far off screen. React has rendered the errors by the
 * next frame, since submit is a discrete event.
 */
export function withFocusOnInvalid(handler: (event?: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    handler(event);
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
}
