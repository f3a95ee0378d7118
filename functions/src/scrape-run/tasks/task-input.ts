import type * as z from 'zod';

/** Task input comes from the state machine; still, it is checked before anything acts on it. */
export function taskInput<S extends z.ZodType>(schema: S, event: unknown, task: string): z.output<S> {
  const parsed = schema.safeParse(event);
  if (!parsed.success)
    throw new Error(`${task}: unexpected input (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}
