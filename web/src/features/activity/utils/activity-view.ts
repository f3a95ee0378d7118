// How the Activity page says an entry (docs/screens.md#18-activity-page): its changes in words, and the
// filters as the API's query.
import { type ActivityChange, type ActivityKind, formatMoney, isDay } from '@cmp/shared';

export interface ActivityFilters {
  userId: number | null;
  kind: ActivityKind | null;
  /** Days as YYYY-MM-DD, or '' for no limit. */
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = { userId: null, kind: null, from: '', to: '' };

/**
 * The query of GET /api/activity for these filters; the page size is the API's default. A day not
 * (yet) typed in full is left out.
 */
export function activityQuery(filters: ActivityFilters): Record<string, string> {
  return {
    ...(filters.userId === null ? {} : { user_id: String(filters.userId) }),
    ...(filters.kind === null ? {} : { kind: filters.kind }),
    ...(isDay(filters.from) ? { from: filters.from } : {}),
    ...(isDay(filters.to) ? { to: filters.to } : {}),
  };
}

const FIELD_NAMES: Readonly<Record<string, string>> = { current_price: 'price' };

/**
 * 'product K-1: price £10.00 → £12.50'; a value that is not an amount as it is.
 * @example changeText({ target: 'product K-1', field: 'current_price', before: 10, after: 12.5 }, 'GBP')
 */
export function changeText(change: ActivityChange, currency: string): string {
  const value = (v: ActivityChange['before']) =>
    v === null
      ? 'none'
      : typeof v === 'number' && change.field.endsWith('price')
        ? formatMoney(v, currency)
        : String(v);
  return `${change.target}: ${FIELD_NAMES[change.field] ?? change.field} ${value(change.before)} → ${value(change.after)}`;
}
