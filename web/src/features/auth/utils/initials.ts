/**
 * Two-letter initials for the user menu, from the first name (docs/screens.md#3-shell-header).
 * @example initials('Ada') // 'AD'; initials('J') // 'J'; initials('') // '?'
 */
export function initials(firstName: string | null | undefined): string {
  const letters = Array.from((firstName ?? '').trim());
  return letters.length === 0 ? '?' : letters.slice(0, 2).join('').toUpperCase();
}
