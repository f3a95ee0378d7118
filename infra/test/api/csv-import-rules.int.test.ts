// A CSV row follows the same product and competitor-URL rules as the API (shared/src/validation/).
import { COMPETITOR_CSV_TEMPLATE, PRODUCT_CSV_TEMPLATE } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

const { stack, token } = await signedInStack();
const importProducts = (content: string) =>
  stack.upload('POST /api/products/import', token, { name: 'products.csv', content });
const importUrls = (content: string) =>
  stack.upload('POST /api/competitor-urls/import', token, { name: 'urls.csv', content });

describe('a CSV row is checked with the API’s rules', () => {
  it('refuses a price above the API’s maximum with the API’s message, named by its column', async () => {
    const csv = 'SKU,Product Name,Current Price,Cost\nM-1,Too dear,10000000.01,\nM-2,Dear cost,5,10000001\n';

    const { body } = await importProducts(csv);

    expect(body).toEqual({
      success: true,
      imported: 0,
      errors: ['Row 2: Current Price must be at most 10,000,000', 'Row 3: Cost must be at most 10,000,000'],
    });
  });

  it('refuses a URL longer than the API takes', async () => {
    await importProducts('SKU,Product Name,Current Price\nL-1,Long URL,5\n');
    const long = `https://long.example.com/${'p'.repeat(2048)}`;

    const { body } = await importUrls(`SKU,Shop\nL-1,${long}\n`);

    expect(body).toEqual({
      success: true,
      imported: 0,
      errors: [`Row 2: URL must be at most 2048 characters (${long})`],
    });
  });

  it('imports the templates as they are downloaded', async () => {
    const productsAnswer = await importProducts(PRODUCT_CSV_TEMPLATE);
    const urlsAnswer = await importUrls(COMPETITOR_CSV_TEMPLATE);

    expect(productsAnswer.body).toEqual({ success: true, imported: 2, errors: [] });
    expect(urlsAnswer.body).toEqual({ success: true, imported: 2, errors: [] });
  });
});
