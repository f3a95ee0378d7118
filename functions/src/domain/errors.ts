/**
 * What went wrong, in the domain's words. Domain and data code throw these, each with a message
 * that is safe to show to the caller; they know nothing of HTTP. The error-response middleware
 * (http/middleware/error-response.middleware.ts) is the one place that maps them to status codes.
 */
export abstract class DomainError extends Error {
  /** The input fields the error is about, each with its message, so a form can show it beside the field. */
  readonly fields?: Readonly<Record<string, string>>;

  /** `field` names the one input field the message is about; `fields` gives several their own messages. */
  constructor(message: string, about: { field?: string; fields?: Record<string, string> } = {}) {
    super(message);
    this.name = new.target.name;
    const fields = about.fields ?? (about.field ? { [about.field]: message } : undefined);
    if (fields) this.fields = fields;
  }
}

/** The input breaks a rule: a missing column, a bad URL, a category that does not exist. */
export class InvalidInputError extends DomainError {}

/** What was asked for does not exist. */
export class NotFoundError extends DomainError {}

/** The change clashes with what is there: a SKU taken, a run already running, a record changed meanwhile. */
export class ConflictError extends DomainError {}

/** No valid session: the caller has to sign in (again). */
export class UnauthenticatedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(message);
  }
}

/** Signed in, but the user's role may not do this (an admin-only change by staff). */
export class ForbiddenError extends DomainError {
  constructor(message = 'Only an administrator can do this') {
    super(message);
  }
}

/** Too many attempts in a short time; the next one may come after `retryAfterSeconds`. */
export class TooManyAttemptsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The input is larger than we accept (an uploaded file over its limit). */
export class TooLargeError extends DomainError {}

/** The input comes in a format we do not read (an upload that is not a form, a body that is not JSON). */
export class UnsupportedFormatError extends DomainError {}
