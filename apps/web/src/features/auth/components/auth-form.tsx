import type { FormEventHandler, ReactNode } from 'react';
import { SubmitButton } from './submit-button';

/**
 * An account page's form: the browser's own validation is off (the zod schema speaks instead),
 * the fields stand in one column and the main button closes it.
 */
export function AuthForm({
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The request is running: the button is busy. */
  pending: boolean;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </form>
  );
}
