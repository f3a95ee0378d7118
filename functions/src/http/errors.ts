/**
 * Typed errors: each carries the HTTP status and a message that is safe to show to the caller.
 * The error-response middleware turns them into `{ success: false, error }`; anything else is a 500.
 */
export class HttpError extends Error {
  readonly expose = true;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message, { 'www-authenticate': 'Bearer' });
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** True for errors whose status and message may be shown to the caller (ours and middy's `createError`). */
export function isExposedHttpError(error: unknown): error is { statusCode: number; message: string } {
  if (!(error instanceof Error)) return false;
  const { statusCode, expose } = error as { statusCode?: unknown; expose?: unknown };
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && expose !== false;
}
