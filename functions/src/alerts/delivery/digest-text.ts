/**
 * What Slack messages and e-mails say about a digest: the title, the events grouped by kind (in
 * the order of ALERT_KINDS) and each event as one line with a link to the dashboard filtered to its
 * product. Plain text only; each channel escapes it for its own format.
 */
import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertEvent, type AlertKind, formatMoney } from '@cmp/shared';
import type { Digest } from '../channel';

export interface DigestContext {
  /** The app's public address, without a trailing slash. */
  readonly appUrl: string;
  readonly currency: string;
}

export interface KindGroup {
  readonly kind: AlertKind;
  readonly label: string;
  readonly events: readonly AlertEvent[];
}

/** A digest with no events is what 'Send test' sends. */
export const isTestMessage = (digest: Digest): boolean => digest.events.length === 0;

const runDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Check My Price: 3 alerts from the price check of 26 Nov 2026'. */
export function digestTitle(digest: Digest): string {
  if (isTestMessage(digest)) return 'Check My Price: test message';
  const count = digest.events.length;
  const finished = new Date(digest.finished_at);
  const when = Number.isNaN(finished.getTime()) ? '' : ` of ${runDate.format(finished)}`;
  return `Check My Price: ${count} ${count === 1 ? 'alert' : 'alerts'} from the price check${when}`;
}

export const TEST_MESSAGE_TEXT =
  'This is a test message. This channel will receive a digest of price alerts after each price check.';

export function groupByKind(events: readonly AlertEvent[]): KindGroup[] {
  return ALERT_KINDS.map((kind) => ({
    kind,
    label: ALERT_KIND_LABELS[kind],
    events: events.filter((event) => event.kind === kind),
  })).filter((group) => group.events.length > 0);
}

/** The dashboard filtered to the event's product (the web honours `search`). */
export const productLink = (context: DigestContext, sku: string): string =>
  `${context.appUrl}/dashboard?search=${encodeURIComponent(sku)}`;

/** The product as a line starts: 'Kettle 1.7 l (SKU K-17)'. */
export const productLabel = (event: AlertEvent): string => `${event.product_name} (SKU ${event.sku})`;

/**
 * The prices after the product: 'ours £20.00 · Shop B £18.50, was £21.00'; for a suggestion,
 * 'ours £20.00 · suggested £18.99, was £19.49'.
 */
export function priceDetails(event: AlertEvent, currency: string): string {
  const money = (amount: number) => formatMoney(amount, currency);
  const parts = [`ours ${money(event.our_price)}`];
  if (event.suggested_price !== undefined) {
    const was = event.previous_price === null ? '' : `, was ${money(event.previous_price)}`;
    parts.push(`suggested ${money(event.suggested_price)}${was}`);
  }
  if (event.competitor_name !== null || event.competitor_price !== null) {
    const theirs = event.competitor_price === null ? 'no price' : money(event.competitor_price);
    const was = event.previous_price === null ? '' : `, was ${money(event.previous_price)}`;
    parts.push(`${event.competitor_name ?? 'competitor'} ${theirs}${was}`);
  }
  return parts.join(' · ');
}
