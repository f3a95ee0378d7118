/** A calendar date written YYYY-MM-DD that exists (2026-02-30 does not, though Date.parse takes it). */
export const isDay = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(text)) &&
  new Date(Date.parse(text)).toISOString().slice(0, 10) === text;
