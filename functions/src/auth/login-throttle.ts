import { authConfigSchema, settingsSection } from '../config';
import {
  clearAttempts,
  type Reservation,
  releaseAttempt,
  reserveAttempt,
  type ThrottleSubject,
} from '../data/login-throttle.repository';
import type { UserRecord } from '../data/user.repository';
import { TooManyAttemptsError } from '../domain/errors';

const authSettings = settingsSection('auth', authConfigSchema);

export interface SignInAttempt {
  /**
   * False once the account's guesses are used up through its other identifier: the password must
   * then be refused like a wrong one, as a lock would show which identifiers share an account.
   */
  passwordMayBeChecked: boolean;
  /**
   * The password was right: the counts of the account and of the identifier typed start again (not
   * the other identifier's: its answers would show the link), the address gets its attempt back.
   */
  succeeded(): Promise<void>;
}

type Reserved = Reservation & { reserved: true };

/**
 * Counts a sign-in attempt before the password is checked, so no more than the limit of guesses
 * (concurrent ones included) ever reach the check (docs/rules.md#11-sign-in-sessions-and-throttling):
 * - against the identifier as typed, known or not: past the limit, TooManyAttemptsError (429)
 *   until its window ends. Nothing else locks an identifier, so a lock tells nothing of who exists
 *   or which e-mail and username belong together;
 * - against the account, by its id, whichever identifier was typed: past the limit, the password
 *   is not checked (`passwordMayBeChecked`), which the caller cannot tell from a wrong one;
 * - against the client address: past its limit, 429.
 */
export async function reserveSignInAttempt(
  user: UserRecord | undefined,
  identifier: string,
  clientAddress: string,
): Promise<SignInAttempt> {
  const config = authSettings();
  const windowMs = config.LOGIN_THROTTLE_WINDOW_SECONDS * 1000;
  const perAccount = config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
  const shown: [ThrottleSubject, number][] = [[{ kind: 'identifier', value: identifier }, perAccount]];
  // 0 turns the per-address limit off (the local stack, where every user comes from 127.0.0.1).
  if (config.LOGIN_MAX_FAILURES_PER_ADDRESS > 0)
    shown.push([{ kind: 'address', value: clientAddress }, config.LOGIN_MAX_FAILURES_PER_ADDRESS]);

  const now = Date.now();
  const [reservations, account] = await Promise.all([
    Promise.all(shown.map(([subject, max]) => reserveAttempt(subject, max, now, windowMs))),
    user && reserveAttempt({ kind: 'account', value: String(user.id) }, perAccount, now, windowMs),
  ]);
  const reserved = [...reservations, ...(account ? [account] : [])].filter((r): r is Reserved => r.reserved);
  const refused = reservations.filter((r) => !r.reserved);
  if (refused.length > 0) {
    // Refused before any password check: what another subject did reserve was no attempt.
    await Promise.all(reserved.map(releaseAttempt));
    throw tooManyAttempts(Math.max(...refused.map((r) => r.retryAfterMs)) / 1000);
  }
  return {
    passwordMayBeChecked: account?.reserved !== false,
    succeeded: async () => {
      await Promise.all(
        reserved.map((r) => (r.subject.kind === 'address' ? releaseAttempt(r) : clearAttempts(r.subject))),
      );
    },
  };
}

function tooManyAttempts(retryAfterSeconds: number): TooManyAttemptsError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyAttemptsError(
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
}
