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
  /** The password was right: the account's count starts again, the address gets its attempt back. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt against the account and the client address before the password is
 * checked, so no more than the limit of guesses (concurrent ones included) ever reach the check.
 * Past a limit it throws TooManyAttemptsError (429) until the window ends. A known account is counted by its id, whichever
 * identifier was typed; an unknown one by what was typed, so a lock reveals nothing.
 */
export async function reserveSignInAttempt(
  user: UserRecord | undefined,
  identifier: string,
  clientAddress: string,
): Promise<SignInAttempt> {
  const account: ThrottleSubject = {
    kind: 'account',
    value: user ? `id#${user.id}` : `name#${identifier}`,
  };
  const config = authSettings();
  const windowMs = config.LOGIN_THROTTLE_WINDOW_SECONDS * 1000;
  const limits: [ThrottleSubject, number][] = [[account, config.LOGIN_MAX_FAILURES_PER_ACCOUNT]];
  // 0 turns the per-address limit off (the local stack, where every user comes from 127.0.0.1).
  if (config.LOGIN_MAX_FAILURES_PER_ADDRESS > 0)
    limits.push([{ kind: 'address', value: clientAddress }, config.LOGIN_MAX_FAILURES_PER_ADDRESS]);

  const now = Date.now();
  const reservations = await Promise.all(
    limits.map(([subject, max]) => reserveAttempt(subject, max, now, windowMs)),
  );
  const reserved = reservations.filter((r): r is Reservation & { reserved: true } => r.reserved);
  const refused = reservations.filter((r) => !r.reserved);
  if (refused.length > 0) {
    // Refused before any password check: what one subject did reserve was no attempt.
    await Promise.all(reserved.map(releaseAttempt));
    throw tooManyAttempts(Math.max(...refused.map((r) => r.retryAfterMs)) / 1000);
  }
  return {
    succeeded: async () => {
      await Promise.all(
        reserved.map((r) => (r.subject.kind === 'account' ? clearAttempts(r.subject) : releaseAttempt(r))),
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
