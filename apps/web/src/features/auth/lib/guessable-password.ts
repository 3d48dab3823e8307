import { AUTH_MESSAGES } from '@giot-hong/contract';
import type { FieldValues, Path, Resolver } from 'react-hook-form';

type StrengthModule = typeof import('@giot-hong/contract/password-strength');
let loading: Promise<StrengthModule> | undefined;

/**
 * The strength estimate (zxcvbn and its word lists, ~100 kB gzip) is its own chunk: fetched when a
 * new-password field gets focus (or at the first check), never by pages without one.
 */
export function loadPasswordStrength(): Promise<StrengthModule> {
  loading ??= import('@giot-hong/contract/password-strength').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The form's own resolver (the contract's rules), then, when the new password passed them, the
 * strength estimate with the person's username and e-mail: the server's check, said before sending.
 * If the chunk cannot be fetched the server still refuses a guessable password.
 */
export function withGuessableCheck<T extends FieldValues>(
  resolver: Resolver<T>,
  field: Path<T>,
  person: (values: T) => { username?: string; email?: string },
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const password = values[field] as unknown;
    if (field in result.errors || typeof password !== 'string' || !password) return result;
    let guessable = false;
    try {
      guessable = (await loadPasswordStrength()).isGuessablePassword(password, person(values));
    } catch {
      return result;
    }
    if (!guessable) return result;
    return {
      values: {},
      errors: { ...result.errors, [field]: { type: 'guessable', message: AUTH_MESSAGES.passwordGuessable } },
    } as Awaited<ReturnType<Resolver<T>>>;
  };
}
