import { catalogueConfigSchema, settingsSection } from '../config';

const catalogueSettings = settingsSection('catalogue', catalogueConfigSchema);

/**
 * The most competitor URLs one product may have (COMPETITOR_URLS_PER_PRODUCT_MAX): hundreds would
 * make every run fetch as many pages for one product's price.
 */
export const competitorUrlsPerProductMax = (): number => catalogueSettings().COMPETITOR_URLS_PER_PRODUCT_MAX;
