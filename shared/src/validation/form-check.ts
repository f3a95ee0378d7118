// Runs an API schema for a form and turns its first problem into the one message the form shows
// (docs/rules.md#8-validation), so the form and the API apply the same rules.
import type * as z from 'zod';

export type FormCheck<T> = { ok: true; value: T } | { ok: false; error: string };

export interface FormMessages<Field extends string> {
  /** The fields this form requires (it may require more than the API), and the message when one is blank. */
  required: readonly Field[];
  requiredMessage: string;
  /** The form's message for a field the schema refuses; a field not listed shows the schema's own message. */
  invalid: Partial<Record<Field, string>>;
}

const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

export function checkForm<Schema extends z.ZodType, Input extends Record<string, unknown>>(
  schema: Schema,
  input: Input,
  messages: FormMessages<keyof NoInfer<Input> & string>,
): FormCheck<z.output<Schema>> {
  if (messages.required.some((field) => isBlank(input[field]))) {
    return { ok: false, error: messages.requiredMessage };
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue?.path[0] as keyof Input & string;
  return { ok: false, error: messages.invalid[field] ?? issue?.message ?? 'Invalid input' };
}

/** A form's text field: blank is "not given" (null), as the API expects. */
export const given = (text: string) => (text.trim() === '' ? null : text);

/** A select's id as text ('' for none) as the API's integer id, or null. */
export const idOrNull = (text: string) => (text === '' ? null : Number(text));
