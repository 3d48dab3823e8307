import type { FieldError, FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a form whose inputs are not the request's fields (a date and a
 * time for one instant, text inputs for numbers): `toRequest` builds the request from the inputs,
 * the contract's schemas check it — the server's rules and Vietnamese messages — and each message
 * goes under the input that feeds its field (`fieldOf`; the first message of each input wins).
 * Several schemas: an object's refinements (a time window) only run once its fields are valid, so
 * a refinement schema of its own lets every message show at the first attempt.
 * `check` adds rules of the form alone (a new campaign starts in the future …).
 */
export function contractResolver<T extends FieldValues>(
  schemas: readonly z.ZodType[],
  toRequest: (values: T) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => Path<T>,
  check?: (values: T, request: unknown, add: (field: Path<T>, message: string) => void) => void,
): Resolver<T> {
  return async (values) => {
    const request = toRequest(values);
    const errors: Record<string, FieldError> = {};
    const add = (field: Path<T>, message: string, type = 'custom') => {
      errors[field] ??= { type, message };
    };
    for (const schema of schemas) {
      const parsed = schema.safeParse(request);
      if (!parsed.success)
        for (const issue of parsed.error.issues) add(fieldOf(issue.path), issue.message, issue.code);
    }
    check?.(values, request, (f, m) => add(f, m));
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values, errors: {} };
  };
}

/**
 * How console forms validate: an input is checked once it was left (or at the first submit), then
 * again at every change, so a message disappears as soon as the input is corrected.
 */
export const FORM_VALIDATION = { mode: 'onTouched', reValidateMode: 'onChange' } as const;
