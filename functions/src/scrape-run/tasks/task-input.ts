import type * as z from 'zod';

/** Task input comes from the state machine; still, it is checked before anything acts on it. */
export function taskInput<S extends z.ZodType>(schema: S, event: unknown, task: string): z.output<S> {
  const parsed = schema.safeParse(event);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // Where it is (`request.triggeredBy`): the message alone does not name the field.
  const at = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw new Error(`${task}: unexpected input (${at}${issue?.message ?? 'invalid'})`);
}
