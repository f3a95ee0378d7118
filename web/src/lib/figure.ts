// Figures read from an API answer that may not have them, or not as numbers: an older or newer API during
// a deploy, or a record kept before the field existed. The screens show these as missing, not crash.

/** What the panels show for a figure an answer lacks. */
export const NO_FIGURE = '—';

/**
 * The number, or null when the value is missing or not a finite number.
 * @example figureOf(3) // 3
 * @example figureOf(undefined) // null
 * @example figureOf('3') // null
 */
export const figureOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
