import { describe, expect, it } from 'vitest';
import { categoryInputSchema, competitorUrlInputSchema, productInputSchema } from './catalogue';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('catalogue text fields', () => {
  it('trims and composes every text field (NFC), so look-alike spellings are one', () => {
    const product = productInputSchema.parse({
      sku: ' CAFE\u0301-1 ',
      name: 'Cre\u0300me',
      current_price: 1,
    });
    const category = categoryInputSchema.parse({ name: 'Cafe\u0301s', description: ' Fre\u0301sh ' });
    const url = competitorUrlInputSchema.parse({
      product_id: 1,
      competitor_name: 'Cafe\u0301 Shop',
      url: 'https://x.example/',
    });

    expect([product.sku, product.name]).toEqual(['CAF\u00C9-1', 'Cr\u00E8me']);
    expect([category.name, category.description]).toEqual(['Caf\u00E9s', 'Fr\u00E9sh']);
    expect(url.competitor_name).toBe('Caf\u00E9 Shop');
  });

  it.each([
    ['\u202E', 'a right-to-left override'],
    ['\u2066', 'an isolate'],
    ['\u200F', 'a right-to-left mark'],
    ['\u0000', 'a NUL'],
    ['\t', 'a tab'],
    ['\n', 'a line break'],
    ['\u0085', 'a C1 control'],
  ])('refuses %j (%s) inside a name, with the field’s message', (character) => {
    const product = productInputSchema.safeParse({
      sku: 'A-1',
      name: `Ket${character}tle`,
      current_price: 1,
    });
    const sku = productInputSchema.safeParse({ sku: `A${character}1`, name: 'Kettle', current_price: 1 });
    const category = categoryInputSchema.safeParse({ name: `To${character}ys` });
    const competitor = competitorUrlInputSchema.safeParse({
      product_id: 1,
      competitor_name: `Sh${character}op`,
      url: 'https://x.example/',
    });

    expect(firstError(product)).toBe('Name contains characters that are not allowed');
    expect(firstError(sku)).toBe('SKU contains characters that are not allowed');
    expect(firstError(category)).toBe('Category name contains characters that are not allowed');
    expect(firstError(competitor)).toBe('Competitor name contains characters that are not allowed');
  });

  it('keeps line breaks in a description but refuses other control characters there', () => {
    const lines = categoryInputSchema.safeParse({ name: 'Toys', description: 'One\r\nTwo' });
    const tab = categoryInputSchema.safeParse({ name: 'Toys', description: 'One\tTwo' });

    expect(lines.data?.description).toBe('One\r\nTwo');
    expect(firstError(tab)).toBe('Description contains characters that are not allowed');
  });

  it('still reports a blank or over-long text with its own message', () => {
    expect(firstError(productInputSchema.safeParse({ sku: '  ', name: 'K', current_price: 1 }))).toBe(
      'SKU is required',
    );
    expect(firstError(categoryInputSchema.safeParse({ name: 'x'.repeat(101) }))).toBe(
      'Category name must be at most 100 characters',
    );
  });
});
