// The competitor URL form (docs/rules.md#8-validation): the shared rules (checkCompetitorUrlForm).
import { type CompetitorUrl, checkCompetitorUrlForm } from '@cmp/shared';

export interface CompetitorFormValues {
  /** A product id as text, or '' when none is chosen. */
  productId: string;
  competitorName: string;
  url: string;
}

export function competitorFormValues(competitor?: CompetitorUrl | null): CompetitorFormValues {
  return {
    productId: competitor ? String(competitor.product_id) : '',
    competitorName: competitor?.competitor_name ?? '',
    url: competitor?.url ?? '',
  };
}

export function validateCompetitorForm(values: CompetitorFormValues) {
  return checkCompetitorUrlForm({
    product_id: values.productId,
    competitor_name: values.competitorName,
    url: values.url,
  });
}
