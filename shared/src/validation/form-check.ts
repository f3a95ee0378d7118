// Runs an API schema for a form and turns its first problem into the one message the form shows
// (docs/rules.md#8-validation), so the form and the API apply the same rules.
import type * as z from 'zod';

export type FormCheck<T> = { ok: true; value: T } | { ok: false; error: string };
/** A form check whose failure also names the field the message is about, so the form can mark that input. */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; error: string; field?: string };

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
  const checked = checkFormField(schema, input, messages);
  return checked.ok ? checked : { ok: false, error: checked.error };
}

/** `checkForm`, naming the field of a failure: the first blank required one, or the one the schema refused. */
export function checkFormField<Schema extends z.ZodType, Input extends Record<string, unknown>>(
  schema: Schema,
  input: Input,
  messages: FormMessages<keyof NoInfer<Input> & string>,
): FieldCheck<z.output<Schema>> {
  const blank = messages.required.find((field) => isBlank(input[field]));
  if (blank) return { ok: false, error: messages.requiredMessage, field: blank };
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue?.path[0] as (keyof Input & string) | undefined;
  return {
    ok: false,
    error: (field && messages.invalid[field]) ?? issue?.message ?? 'Invalid input',
    field,
  };
}

/** A form's text field: blank is "not given" (null), as the API expects. */
export const given = (text: string) => (text.trim() === '' ? null : text);

/** A select's id as text ('' for none) as the API's integer id, or null. */
export const idOrNull = (text: string) => (text === '' ? null : Number(text));
