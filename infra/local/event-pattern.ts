/**
 * EventBridge event-pattern matching, the subset our rules use: each field of the pattern lists the
 * values it accepts (an event value in the list matches; an event array matches when any of its
 * values is listed), and a nested object matches the event's nested object field by field. Fields
 * the pattern leaves out match anything. Content filters (`prefix`, `anything-but`, `numeric`, …)
 * are not implemented: a pattern using one is refused rather than matched wrongly.
 */
export type EventPattern = {
  readonly [field: string]: readonly (string | number | boolean | null)[] | EventPattern;
};

export function matchesPattern(pattern: EventPattern, event: unknown): boolean {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return false;
  const fields = event as Record<string, unknown>;
  return Object.entries(pattern).every(([field, wanted]) => {
    const value = fields[field];
    if (!Array.isArray(wanted)) return matchesPattern(wanted as EventPattern, value);
    if (wanted.some((allowed) => typeof allowed === 'object' && allowed !== null))
      throw new Error(`The local event bus does not implement content filters (field ${field})`);
    const values = Array.isArray(value) ? value : [value];
    return values.some((v) => v !== undefined && wanted.includes(v as never));
  });
}
