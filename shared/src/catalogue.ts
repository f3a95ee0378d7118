import * as z from 'zod';
import { checkOutcomeKindSchema, lastCheckSchema } from './check-outcome';
import { idNumber } from './ids';
import {
  COMPETITOR_CSV_COLUMNS,
  competitorCsvColumn,
  csvText,
  PRODUCT_CSV_COLUMNS,
} from './validation/csv-columns';
import { optionalGtin } from './validation/gtin';

/**
 * The catalogue's API contract (docs/api.md): field names are the API's snake_case; request schemas
 * (docs/rules.md#8-validation) are used by the handlers, and the web forms and the CSV imports
 * build on them (shared/src/validation/).
 */

export const MAX_PRICE = 10_000_000;
export const SKU_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 200;
export const CATEGORY_NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 1000;
export const COMPETITOR_NAME_MAX_LENGTH = 100;
export const URL_MAX_LENGTH = 2048;
/** Google Merchant Center's limit for a manufacturer part number. */
export const MPN_MAX_LENGTH = 70;
export const BRAND_MAX_LENGTH = 100;
/** Competitor URLs a product may have, unless the setting COMPETITOR_URLS_PER_PRODUCT_MAX says otherwise. */
export const DEFAULT_COMPETITOR_URLS_PER_PRODUCT_MAX = 50;

/** Whole pennies: at most two decimals, so 12.345 is refused rather than silently rounded. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A money amount from JSON: a number or a plain decimal string (forms), ≥ 0, at most 2 decimals. */
export const moneySchema = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? `${label} is required` : `${label} must be a number ≥ 0`,
      })
      .min(0, `${label} must be a number ≥ 0`)
      .max(MAX_PRICE, `${label} must be at most ${MAX_PRICE.toLocaleString('en-US')}`)
      .refine(hasAtMostTwoDecimals, `${label} must have at most 2 decimals`),
  );

/**
 * Control characters (tab and line breaks too) and the bidirectional controls that reorder what
 * is shown (embeddings, overrides, isolates, marks): invisible, they make one text look like
 * another ('Kettle \u202Egpj.exe' shows as 'Kettle exe.jpg').
 */
const NOT_ALLOWED = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** The same, but line breaks are the point of a multi-line text (a description). */
const NOT_ALLOWED_MULTILINE = /[^\P{Cc}\n\r]|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * A text field as stored and compared: trimmed and in Unicode NFC, so 'CAFÉ' typed with a
 * combining accent is the same SKU as 'CAFÉ' typed with one key.
 */
export const normaliseText = (value: string) => value.trim().normalize('NFC');

/**
 * The field's message when a text holds a character above, else undefined. The schemas below
 * (so the API) and the CSV imports check every text field with it.
 */
export function textProblem(label: string, text: string, { multiline = false } = {}): string | undefined {
  return (multiline ? NOT_ALLOWED_MULTILINE : NOT_ALLOWED).test(text)
    ? `${label} contains characters that are not allowed`
    : undefined;
}

const textSchema = (label: string, typeMessage: string, options: { multiline?: boolean } = {}) =>
  z.string(typeMessage).transform((value, context) => {
    const text = normaliseText(value);
    const problem = textProblem(label, text, options);
    if (problem) context.addIssue({ code: 'custom', message: problem });
    return text;
  });

export const requiredText = (label: string, max: number) =>
  textSchema(label, `${label} is required`).pipe(
    z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
  );

export const optionalText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  textSchema(label, `${label} must be text`, options)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .nullish()
    .transform((value) => (value ? value : null));

// shared is compiled without DOM or Node types; both have this global (as in display.ts).
declare const URL: new (input: string) => { protocol: string };

/** Whether the text is an absolute http(s) address (the only kind a competitor page can have). */
export function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A product's own fields, named by `labels` in the messages: the API's names below, the CSV's
 * column names in the import (shared/src/validation/product-rules.ts).
 */
export const productFieldSchemas = (labels: {
  sku: string;
  name: string;
  current_price: string;
  cost: string;
  gtin: string;
  mpn: string;
  brand: string;
}) => ({
  sku: requiredText(labels.sku, SKU_MAX_LENGTH),
  name: requiredText(labels.name, NAME_MAX_LENGTH),
  current_price: moneySchema(labels.current_price),
  // nullish outside the money rule, so a bad cost gets the money rule's message.
  cost: moneySchema(labels.cost)
    .nullish()
    .transform((value) => value ?? null),
  // The scraper picks a competitor page's offer by these and refuses a page for another GTIN.
  gtin: optionalGtin(labels.gtin),
  mpn: optionalText(labels.mpn, MPN_MAX_LENGTH),
  // With the MPN, what the discovery of competitor products matches by (issue 32).
  brand: optionalText(labels.brand, BRAND_MAX_LENGTH),
});

export const productInputSchema = z.object({
  ...productFieldSchemas({
    sku: 'SKU',
    name: 'Name',
    current_price: 'Current price',
    cost: 'Cost',
    gtin: 'GTIN',
    mpn: 'MPN',
    brand: 'Brand',
  }),
  category_id: z
    .union([idNumber('Category'), z.null()])
    .optional()
    .transform((value) => value ?? null),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ValidProductInput = z.output<typeof productInputSchema>;

export const categoryInputSchema = z.object({
  name: requiredText('Category name', CATEGORY_NAME_MAX_LENGTH),
  description: optionalText('Description', DESCRIPTION_MAX_LENGTH, { multiline: true }),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const competitorUrlInputSchema = z.object({
  product_id: idNumber('product_id'),
  competitor_name: requiredText('Competitor name', COMPETITOR_NAME_MAX_LENGTH),
  // A format issue, not a custom one: the forms word "not a web address" their own way (form-check.ts).
  url: requiredText('URL', URL_MAX_LENGTH).check((payload) => {
    if (!isWebUrl(payload.value)) {
      payload.issues.push({
        code: 'invalid_format',
        format: 'url',
        input: payload.value,
        message: 'URL must be an absolute http(s) address',
      });
    }
  }),
});
export type CompetitorUrlInput = z.input<typeof competitorUrlInputSchema>;

/*
 * The catalogue's answers (docs/api.md#shapes). Strict, so the integration tests, which check every
 * answer against the contract (shared/src/contract/), fail on a field the contract does not name.
 */
export const categoryRefSchema = z.strictObject({ id: z.number().int(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const productSchema = z.strictObject({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  current_price: z.number(),
  cost: z.number().nullable(),
  /** GTIN / EAN / UPC digits, null when none. */
  gtin: z.string().nullable(),
  /** Manufacturer part number, null when none. */
  mpn: z.string().nullable(),
  /** The maker's brand, null when none. */
  brand: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category: categoryRefSchema.nullable(),
  hidden: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  _count: z.strictObject({ products: z.number().int() }),
});
export type Category = z.infer<typeof categorySchema>;

/** Where a price the extraction considered came from (RDFa counts as microdata). */
export const priceCandidateSourceSchema = z.enum(['json-ld', 'microdata', 'meta', 'visible']);

/** A price the latest check that read the page considered (docs/rules.md#price-pins). */
export const priceCandidateSchema = z.strictObject({
  /** 1, 2, …: the price's number within that check. */
  id: z.number().int(),
  amount: z.number(),
  currency: z.string().nullable(),
  source: priceCandidateSourceSchema,
  /** The text around the price, at most 120 characters. */
  context: z.string(),
  /** The price the check took. */
  chosen: z.boolean(),
});
export type PagePriceCandidate = z.infer<typeof priceCandidateSchema>;

/** A person's pick of the price on a competitor page: later checks read that place first. */
export const pricePinSchema = z.strictObject({
  amount: z.number(),
  currency: z.string().nullable(),
  source: priceCandidateSourceSchema,
  context: z.string(),
  /** The name of the person who picked it. */
  picked_by: z.string(),
  picked_at: z.string(),
});
export type PricePin = z.infer<typeof pricePinSchema>;

export const competitorUrlSchema = z.strictObject({
  id: z.number().int(),
  product_id: z.number().int(),
  competitor_name: z.string(),
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  product: z.strictObject({ name: z.string(), sku: z.string(), current_price: z.number() }),
  last_check: lastCheckSchema.nullable(),
  /** The price a person picked on the page, or null. */
  price_pin: pricePinSchema.nullable(),
});
export type CompetitorUrl = z.infer<typeof competitorUrlSchema>;

/** One observation of a competitor page (docs/api.md#shapes: price_data, newest first). */
export const priceRecordSchema = z.strictObject({
  id: z.string(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  /** null when the page did not say (never guessed). */
  in_stock: z.boolean().nullable(),
  scraped_at: z.string(),
  /** 0–1; null when no price was found. */
  confidence: z.number().nullable(),
  /** The price is the model's alone: nothing on the page shows it. */
  ungrounded: z.boolean().optional(),
  /** The price is sure enough to compare with ours (see PRICE_CONFIDENCE_FLOOR). */
  counted: z.boolean(),
  outcome: checkOutcomeKindSchema,
  /** The check's outcome in words. */
  message: z.string(),
});
export type PriceRecord = z.infer<typeof priceRecordSchema>;

/** The answer of both CSV imports: rows imported, and one message per refused row. */
export const importResultSchema = z.strictObject({
  success: z.literal(true),
  imported: z.number().int(),
  errors: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** A file to start from: the columns (shared/src/validation/csv-columns.ts) and example rows. */
export const PRODUCT_CSV_TEMPLATE = csvText([
  Object.values(PRODUCT_CSV_COLUMNS),
  [
    'SKU-001',
    'Example Kettle 1.7L',
    '49.99',
    '31.50',
    'Kitchen',
    '4006381333931',
    'EK-17',
    'Example Appliances',
  ],
  ['SKU-002', 'Example Toaster', '29.00', '', '', '', '', ''],
]);
export const COMPETITOR_CSV_TEMPLATE = csvText([
  [COMPETITOR_CSV_COLUMNS.sku, competitorCsvColumn(1), competitorCsvColumn(2)],
  ['SKU-001', 'https://www.example-shop.com/kettle-17l', 'https://another-shop.example/p/123'],
]);
