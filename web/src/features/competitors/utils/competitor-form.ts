// The competitor URL form (docs/rules.md#8-validation): all fields required, the URL must parse.
import type { CompetitorUrl, CompetitorUrlInput } from '@cmp/shared';

export interface CompetitorFormValues {
  /** A product id as text, or '' when none is chosen. */
  productId: string;
  competitorName: string;
  url: string;
}

export type CompetitorFormResult = { ok: true; input: CompetitorUrlInput } | { ok: false; error: string };

export function competitorFormValues(competitor?: CompetitorUrl | null): CompetitorFormValues {
  return {
    productId: competitor ? String(competitor.product_id) : '',
    competitorName: competitor?.competitor_name ?? '',
    url: competitor?.url ?? '',
  };
}

/** Whether the text parses as an absolute http(s) URL. */
export function isValidUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function validateCompetitorForm(values: CompetitorFormValues): CompetitorFormResult {
  const competitorName = values.competitorName.trim();
  const url = values.url.trim();
  if (!values.productId || !competitorName || !url) return { ok: false, error: 'All fields are required' };
  if (!isValidUrl(url)) return { ok: false, error: 'Please enter a valid URL' };
  return { ok: true, input: { product_id: Number(values.productId), competitor_name: competitorName, url } };
}
