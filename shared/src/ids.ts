import * as z from 'zod';

/**
 * Our integer ids as the API takes them: 1 to 2^53 - 1. Beyond, JSON.parse and Number() round a
 * number to another id, so such an id is refused rather than looked up (docs/api.md#conventions).
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

export const idProblem = (label: string) => `${label} must be an integer id from 1 to ${MAX_ID}`;

/** An id in a JSON body. */
export const idNumber = (label: string) =>
  z.number(idProblem(label)).int(idProblem(label)).min(1, idProblem(label)).max(MAX_ID, idProblem(label));

/** An id in a path or query parameter: digits only, then the number (refused past MAX_ID). */
export const idText = (label: string) =>
  z
    .string(idProblem(label))
    .regex(/^[1-9]\d{0,15}$/, idProblem(label))
    .transform(Number)
    .pipe(z.number().max(MAX_ID, idProblem(label)));
