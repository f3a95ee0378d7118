/**
 * Errors only the HTTP edge raises (a request refused before it reaches the domain, e.g. from the
 * wrong origin): each carries its status and a message safe to show. Domain and data code throw
 * domain errors instead (../domain/errors.ts); the error-response middleware maps both.
 */
export class HttpError extends Error {
  readonly expose = true;
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** True for errors whose status and message may be shown to the caller (ours and middy's `createError`). */
export function isExposedHttpError(error: unknown): error is { statusCode: number; message: string } {
  if (!(error instanceof Error)) return false;
  const { statusCode, expose } = error as { statusCode?: unknown; expose?: unknown };
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && expose !== false;
}
