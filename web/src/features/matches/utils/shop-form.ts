// The competitor shop form (docs/rules.md#24-competitors-and-matching): the API's own rules
// (competitorInputSchema), so the form says what the server would. Sitemaps are typed one per line;
// feeds are rows of an address and a format.
import { type CompetitorInput, competitorInputSchema, type FeedFormat, type FormCheck } from '@cmp/shared';

export interface FeedRow {
  url: string;
  format: FeedFormat;
}

export interface ShopFormValues {
  name: string;
  domain: string;
  /** One address per line. */
  sitemaps: string;
  feeds: readonly FeedRow[];
}

export function validateShopForm(values: ShopFormValues): FormCheck<CompetitorInput> {
  const input = {
    name: values.name,
    domain: values.domain,
    sitemaps: values.sitemaps
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    feeds: values.feeds
      .filter((feed) => feed.url.trim() !== '')
      .map((feed) => ({ ...feed, url: feed.url.trim() })),
  };
  const checked = competitorInputSchema.safeParse(input);
  if (!checked.success) {
    const [first] = checked.error.issues;
    return {
      ok: false,
      error: checked.error.issues.map((issue) => issue.message).join('; '),
      ...(first ? { field: first.path.join('.') } : {}),
    };
  }
  return { ok: true, value: input };
}
