// The competitor shop form (docs/rules.md#24-competitors-and-matching): the API's own rules
// (competitorInputSchema), so the form says what the server would. Sitemaps are typed one per line;
// feeds are rows of an address and a format.
import {
  type CompetitorFields,
  competitorInputSchema,
  type FeedFormat,
  type FormCheck,
  schemaCheck,
} from '@cmp/shared';

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

export function validateShopForm(values: ShopFormValues): FormCheck<CompetitorFields> {
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
  return schemaCheck(competitorInputSchema, input);
}
