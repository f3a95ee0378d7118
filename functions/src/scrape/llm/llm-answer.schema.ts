/**
 * The one shape a model may answer with: the forced tool's input schema and the validator for what
 * comes back. Model output is untrusted input; anything outside this shape is rejected.
 */
import type { ToolInputSchema } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export const llmAnswerSchema = z.strictObject({
  price: z
    .number()
    .nonnegative()
    .max(1e12)
    .nullable()
    .describe('The price a shopper pays now for the main product, as a number; null if the page shows none.'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .refine((code) => ISO_CURRENCIES.has(code), 'an ISO 4217 currency code')
    .nullable()
    .describe('ISO 4217 code of that price, e.g. EUR; null if unknown.'),
  stock: z.enum(['in_stock', 'out_of_stock', 'unknown']).describe('Whether the product can be ordered now.'),
  confidence: z.number().min(0).max(1).describe('How sure you are, 0 to 1.'),
  evidence: z.string().max(300).describe('The exact short text from the page that shows the price.'),
});

/** The forced tool's input schema, derived from the validator so the two cannot drift apart. */
export function toolInputSchema(): ToolInputSchema {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(llmAnswerSchema);
  // z.toJSONSchema returns plain JSON; the SDK's document type cannot see that statically.
  return { json: schema as unknown as ToolInputSchema.JsonMember['json'] };
}
