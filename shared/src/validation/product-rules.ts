// The product rules (productInputSchema) as each place that takes a product applies them: the
// Products page's dialog, the dashboard's edit dialog (decision 3) and each CSV row.
import * as z from 'zod';
import { CATEGORY_NAME_MAX_LENGTH, optionalText, productFields, productInputSchema } from '../catalogue';
import { PRODUCT_CSV_COLUMNS } from './csv-columns';
import { checkFormField, type FieldCheck, given, idOrNull } from './form-check';

/** The product fields as typed: text, with the category id as text ('' for none). */
export interface ProductFormText {
  sku: string;
  name: string;
  current_price: string;
  cost: string;
  category_id: string;
  gtin: string;
  mpn: string;
}

export type ValidProduct = z.output<typeof productInputSchema>;

const asInput = (text: ProductFormText) => ({
  sku: text.sku,
  name: text.name,
  current_price: given(text.current_price),
  cost: given(text.cost),
  category_id: idOrNull(text.category_id),
  gtin: given(text.gtin),
  mpn: given(text.mpn),
});

/** Create/Edit Product on the Products page: cost, category, GTIN and MPN optional. */
export const checkProductForm = (text: ProductFormText): FieldCheck<ValidProduct> =>
  checkFormField(productInputSchema, asInput(text), {
    required: ['sku', 'name', 'current_price'],
    requiredMessage: 'SKU, Name, and Current Price are required',
    invalid: { current_price: 'Please enter a valid price', cost: 'Please enter a valid cost' },
  });

/**
 * The dashboard's edit dialog: SKU, name and both prices required (decision 3), one message for both
 * prices; GTIN and MPN optional.
 */
export const checkDashboardProductForm = (text: ProductFormText): FieldCheck<ValidProduct> =>
  checkFormField(productInputSchema, asInput(text), {
    required: ['sku', 'name', 'current_price', 'cost'],
    requiredMessage: 'All fields are required',
    invalid: { current_price: 'Please enter valid prices', cost: 'Please enter valid prices' },
  });

/** A products CSV row: the product's rules, with the columns' names in the messages. */
export const productCsvRowSchema = z.object({
  ...productFields(PRODUCT_CSV_COLUMNS),
  category: optionalText(PRODUCT_CSV_COLUMNS.category, CATEGORY_NAME_MAX_LENGTH),
});
export type ProductCsvRow = z.output<typeof productCsvRowSchema>;

/** A row's cells by field (blank cells are not given); the row, or the message of its first problem. */
export function checkProductCsvRow(
  cells: Partial<Record<keyof typeof PRODUCT_CSV_COLUMNS, string>>,
): { ok: true; value: ProductCsvRow } | { ok: false; error: string } {
  const present = Object.fromEntries(
    Object.entries(cells).filter(([, text]) => text !== undefined && text.trim() !== ''),
  );
  const parsed = productCsvRowSchema.safeParse(present);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid row' };
}
