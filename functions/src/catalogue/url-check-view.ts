/**
 * What a competitor URL's kept checks come to, for the APIs and the gate: the accepted price the
 * comparison uses and the latest check as `last_check` (docs/rules.md#check-outcomes). URLs last
 * checked before outcomes were kept get both from their latest observation.
 */
import { type LastCheck, outcomeOfLegacyCheck } from '@cmp/shared';
import type { CompetitorUrlRecord } from '../data/competitor-url.repository';
import type { AcceptedObservation } from '../data/url-price-state.repository';

/**
 * The URL's accepted observation: the one the comparison uses. A URL last checked before outcomes
 * were kept has none stored; its latest price stands in (the comparison still applies its floor).
 */
export function acceptedPrice(url: CompetitorUrlRecord): AcceptedObservation | null {
  if (url.accepted) return url.accepted;
  const latest = url.latest;
  if (!latest || latest.outcome || latest.price === null) return null;
  return { ...latest, price: latest.price };
}

/** The URL's latest check with its confidence; null before the first. */
export function lastCheckOf(url: CompetitorUrlRecord): (LastCheck & { confidence: number | null }) | null {
  const latest = url.latest;
  if (!latest) return null;
  const { outcome, message } = latest.outcome ? latest : outcomeOfLegacyCheck(latest);
  return {
    outcome,
    message,
    checked_at: latest.scraped_at,
    price: latest.price,
    currency: latest.currency,
    in_stock: latest.in_stock,
    consecutive_failures: url.consecutive_failures ?? 0,
    confidence: latest.confidence,
  };
}

/** `last_check` as the competitor URL API shows it (lastCheckSchema's fields exactly). */
export function apiLastCheck(url: CompetitorUrlRecord): LastCheck | null {
  const check = lastCheckOf(url);
  if (!check) return null;
  const { confidence: _, ...lastCheck } = check;
  return lastCheck;
}
