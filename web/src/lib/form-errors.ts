// Where a failed save's message shows in a form (docs/screens.md#forms-and-dialogs): beside the field the
// server named, else above the form. Pure, so the mapping is tested without a browser.
import { ApiError, serverErrorText } from './api-error';

export interface FormErrors<Field extends string> {
  /** Each message the server gave about one of the form's fields (or a part of it), by the field's API name. */
  fields: Partial<Record<Field, string>>;
  /** The message for the form as a whole, when none of it is about a field the form shows. */
  general: string | null;
}

/**
 * Splits a failed save into messages beside the form's `fields` and a general message. A form field
 * takes the message about itself or about a part of it (`channels` takes `channels.0.target`). Only
 * a 4xx answer is about the input; a network or server failure is left to the toast.
 * @example formErrors(error, ['sku', 'name']) // { fields: { sku: 'A product with SKU … exists' }, general: null }
 */
export function formErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FormErrors<Field> {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500)
    return { fields: {}, general: null };
  const named = Object.entries(fieldMessages(error.body));
  const shown: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const about = named.find(([path]) => path === field || path.startsWith(`${field}.`));
    if (about) shown[field] = about[1];
  }
  if (Object.keys(shown).length > 0) return { fields: shown, general: null };
  return { fields: {}, general: serverErrorText(error.body) ?? null };
}

/** The `fields` of a `{ success: false, error, fields }` body: field path → message, strings only. */
function fieldMessages(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('fields' in body)) return {};
  const { fields } = body;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
