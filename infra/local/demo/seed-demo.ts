import type { DemoCatalogue } from './demo-catalogue';

/**
 * Writes the demo catalogue through the same domain functions the API uses, so the demo data
 * obeys every rule real data does. Call after the functions' settings are in place.
 */
export async function seedDemoCatalogue(
  catalogue: DemoCatalogue,
): Promise<{ products: number; urls: number }> {
  const { addCategory } = await import('@cmp/functions/catalogue/categories');
  const { addProduct } = await import('@cmp/functions/catalogue/products');
  const { addCompetitorUrl } = await import('@cmp/functions/catalogue/competitor-urls');
  const categoryIds = new Map<string, number>();
  for (const category of catalogue.categories) {
    categoryIds.set(category.name, (await addCategory(category)).id);
  }
  const productIds = new Map<string, number>();
  for (const { category, ...product } of catalogue.products) {
    const created = await addProduct({
      ...product,
      gtin: null,
      mpn: null,
      brand: null,
      category_id: category ? (categoryIds.get(category) ?? null) : null,
    });
    productIds.set(product.sku, created.id);
  }
  for (const { sku, ...url } of catalogue.competitorUrls) {
    const productId = productIds.get(sku);
    if (productId === undefined) throw new Error(`The demo catalogue names an unknown SKU ${sku}`);
    await addCompetitorUrl({ ...url, product_id: productId });
  }
  return { products: catalogue.products.length, urls: catalogue.competitorUrls.length };
}

/**
 * The demo's alert settings: every kind on at its default threshold, and one webhook channel
 * posting to the demo's inbox (its signing secret generated as for any new channel).
 */
export async function seedDemoAlertSettings(inboxUrl: string): Promise<void> {
  const { DEFAULT_ALERT_EVENTS } = await import('@cmp/shared');
  const { applyAlertSettings } = await import('@cmp/functions/alerts/alert-settings');
  const { readAlertSettings, saveAlertSettings } = await import(
    '@cmp/functions/data/alert-settings.repository'
  );
  const { settings } = applyAlertSettings(
    { events: DEFAULT_ALERT_EVENTS, channels: [{ type: 'webhook', target: inboxUrl, enabled: true }] },
    await readAlertSettings(),
  );
  await saveAlertSettings(settings);
}

/** The signing secret of the webhook channel posting to `url`, as saved now (null: no such channel). */
export async function demoWebhookSecret(url: string): Promise<string | null> {
  const { readAlertSettings } = await import('@cmp/functions/data/alert-settings.repository');
  const { channels } = await readAlertSettings();
  const href = new URL(url).href;
  const channel = channels.find(
    ({ type, target }) => type === 'webhook' && URL.canParse(target) && new URL(target).href === href,
  );
  return channel?.secret ?? null;
}
