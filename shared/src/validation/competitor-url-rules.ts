// The competitor URL rules (competitorUrlInputSchema) as each place that takes one applies them: the
// Competitors page's dialog, the dashboard's add form and each URL cell of a CSV. The server's
// URL policy (public hosts only) comes after these, in functions/.
import type * as z from 'zod';
import { competitorUrlInputSchema } from '../catalogue';
import { checkForm, type FormCheck, idOrNull } from './form-check';

const invalid = { url: 'Please enter a valid URL' };

/** The Competitors page: product, name and URL required; the product id comes as text. */
export const checkCompetitorUrlForm = (text: {
  product_id: string;
  competitor_name: string;
  url: string;
}): FormCheck<z.output<typeof competitorUrlInputSchema>> =>
  checkForm(
    competitorUrlInputSchema,
    { ...text, product_id: idOrNull(text.product_id) },
    {
      required: ['product_id', 'competitor_name', 'url'],
      requiredMessage: 'All fields are required',
      invalid,
    },
  );

const addToProductSchema = competitorUrlInputSchema.omit({ product_id: true });

/** The dashboard's add form: the product is the one being edited. */
export const checkAddCompetitorForm = (text: {
  competitor_name: string;
  url: string;
}): FormCheck<z.output<typeof addToProductSchema>> =>
  checkForm(addToProductSchema, text, {
    required: ['competitor_name', 'url'],
    requiredMessage: 'Competitor name and URL are required',
    invalid,
  });

/** A URL cell of a competitor CSV: the URL as the API stores it, or the message of its problem. */
export function checkCsvUrl(text: string): FormCheck<string> {
  const parsed = competitorUrlInputSchema.shape.url.safeParse(text);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid URL' };
}
