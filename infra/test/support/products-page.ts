import type { RequestBody } from '@cmp/shared';
import { openSignedIn } from './browser';
import { useBrowserPage } from './browser-fixture';
import { signedInStack } from './signed-in-stack';

/**
 * For a Products-page browser test file to await as it loads: a stack serving the web app, the
 * admin's token, a fresh page for each test (downloads accepted), and the page's helpers.
 */
export async function productsPage() {
  const page = useBrowserPage({ acceptDownloads: true });
  const { stack, token } = await signedInStack({ serveWeb: true });

  async function openProducts() {
    await openSignedIn(page, stack.url, '/products');
    await page.getByRole('heading', { name: 'Products' }).waitFor();
  }

  async function createProduct(body: RequestBody<'POST /api/products'>) {
    const { status, body: answer } = await stack.api('POST /api/products', { token, body });
    if (status !== 201) throw new Error(`seed failed ${status}: ${JSON.stringify(answer)}`);
    return answer.product;
  }

  async function productBySku(sku: string) {
    const { body } = await stack.api('GET /api/products', { token });
    return body.products.find((product) => product.sku === sku);
  }

  return {
    page,
    stack,
    token,
    openProducts,
    createProduct,
    productBySku,
    toast: (text: string | RegExp) => page.locator('.Toastify').getByText(text),
    dialog: () => page.getByRole('dialog'),
    search: (text: string) => page.getByRole('searchbox', { name: 'Search products' }).fill(text),
    /** The Product Name column of the visible rows. */
    visibleNames: () => page.locator('tbody tr td:nth-child(2)').allTextContents(),
  };
}
