// Runs an API schema for a form and turns its first problem into the one message the form shows
// (docs/rules.md#8-validation), so the form and the API apply the same rules.
import type * as z from 'zod';

/**
 * A form's check: the value to send, or the one message to show and, when it is about one field, that
 * field's API name, so the form can mark that input.
 */
export type FormCheck<T> = { ok: true; value: T } | { ok: false; error: string; field?: string };

export interface FormMessages<Field extends string> {
  /** The fields this form requires (it may require more than the API), and the message when one is blank. */
  required: readonly Field[];
  requiredMessage: string;
  /**
   * The form's message for a field whose value the schema refuses as no value of its kind at all (not a
   * number, below zero, not a web address). Any other rule (at most 2 decimals, a maximum, a length),
   * and any field not listed, shows the schema's own message: the rule in its words, as the API says it.
   */
  invalid: Partial<Record<Field, string>>;
}

/** The issues that say a value is not one of its kind at all, rather than breaking one of its rules. */
const NOT_OF_ITS_KIND = new Set(['invalid_type', 'too_small', 'invalid_format']);

const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/** The first problem of `input`: the first blank required field, else the one the schema refuses. */
export function checkForm<Schema extends z.ZodType, Input extends Record<string, unknown>>(
  schema: Schema,
  input: Input,
  messages: FormMessages<keyof NoInfer<Input> & string>,
): FormCheck<z.output<Schema>> {
  const blank = messages.required.find((field) => isBlank(input[field]));
  if (blank) return { ok: false, error: messages.requiredMessage, field: blank };
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue?.path[0] as (keyof Input & string) | undefined;
  const formMessage = field && NOT_OF_ITS_KIND.has(issue?.code ?? '') ? messages.invalid[field] : undefined;
  return { ok: false, error: formMessage ?? issue?.message ?? 'Invalid input', field };
}

/** A form's text field: blank is "not given" (null), as the API expects. */
export const given = (text: string) => (text.trim() === '' ? null : text);

/** A select's id as text ('' for none) as the API's integer id, or null. */
export const idOrNull = (text: string) => (text === '' ? null : Number(text));

/**
 * A form checked by its API schema alone: the value as the API parses it, or every problem in one
 * message with the first one's field (its path, `proxy.url`), for forms whose every rule is the API's.
 */
export function schemaCheck<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): FormCheck<z.output<Schema>> {
  const checked = schema.safeParse(input);
  if (checked.success) return { ok: true, value: checked.data };
  const [first] = checked.error.issues;
  return {
    ok: false,
    error: checked.error.issues.map((issue) => issue.message).join('; '),
    ...(first ? { field: first.path.join('.') } : {}),
  };
}
