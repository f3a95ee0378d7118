// Validation of the dashboard's add-competitor form (docs/rules.md#8-validation); the edit dialog's
// product form uses the shared checkProductForm (decision 3).
import { checkAddCompetitorForm, type FormCheck } from '@cmp/shared';

/** The Add button waits until both fields have text. */
export const canAddCompetitor = (name: string, url: string): boolean =>
  name.trim() !== '' && url.trim() !== '';

/** Name and URL required, and the URL must be one the API takes (the shared rules). */
export const checkCompetitorFields = (
  name: string,
  url: string,
): FormCheck<{ competitor_name: string; url: string }> =>
  checkAddCompetitorForm({ competitor_name: name, url });
