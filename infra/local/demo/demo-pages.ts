/**
 * Every page the demo shop serves, what kind of page it is, and what a correct scraper should read
 * from it at a given time. The routes render from this list and the tests check against it.
 */
import { driftedPence, flippingInStock } from './price-drift';
import { PRODUCTS, type ProductId } from './products';
import { type Currency, SHOPS, type ShopId } from './shops';

/** How a product page carries its price. */
export type Markup = 'json-ld' | 'microdata' | 'rdfa' | 'meta-tags' | 'visible' | 'sale';

/** How the page misbehaves, if it does. */
export type Failure = 'server-error' | 'slow' | 'robots-disallowed';

export type StockPlan = 'in-stock' | 'out-of-stock' | 'flips';

export interface DemoPage {
  readonly path: string;
  readonly shop: ShopId;
  readonly product: ProductId;
  readonly markup: Markup;
  /** Price around which the page drifts, in the shop's currency, in pence. */
  readonly basePence: number;
  /** False for a shop that holds its price (so one product stays level with it on the dashboard). */
  readonly drifts: boolean;
  readonly stock: StockPlan;
  /** The crossed-out 'was' price of a sale page, in pence. */
  readonly wasPence?: number;
  readonly failure?: Failure;
}

/** The one path prefix robots.txt disallows: the trade-account area of Brightway. */
export const ROBOTS_DISALLOWED_PREFIX = '/brightway/trade/';

const PAGES = [
  {
    path: '/brightway/products/aurelia-rapid-boil-kettle',
    shop: 'brightway',
    product: 'kettle',
    markup: 'json-ld',
    basePence: 3999,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/brightway/products/sonora-anc-headphones',
    shop: 'brightway',
    product: 'headphones',
    markup: 'json-ld',
    basePence: 15500,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/brightway/products/lumen-smart-desk-lamp',
    shop: 'brightway',
    product: 'lamp',
    markup: 'json-ld',
    basePence: 3299,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/brightway/products/sonora-pocket-speaker',
    shop: 'brightway',
    product: 'speaker',
    markup: 'json-ld',
    basePence: 4999,
    drifts: true,
    stock: 'flips',
  },
  {
    path: `${ROBOTS_DISALLOWED_PREFIX}aurelia-pro-blender`,
    shop: 'brightway',
    product: 'blender',
    markup: 'json-ld',
    basePence: 7499,
    drifts: true,
    stock: 'in-stock',
    failure: 'robots-disallowed',
  },
  {
    path: '/hearth-and-home/kettles/aurelia-rapid-boil-kettle.html',
    shop: 'hearth-and-home',
    product: 'kettle',
    markup: 'microdata',
    basePence: 4200,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/hearth-and-home/toasters/aurelia-4-slice-toaster.html',
    shop: 'hearth-and-home',
    product: 'toaster',
    markup: 'visible',
    basePence: 4999,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/hearth-and-home/fans/zephyr-pedestal-fan.html',
    shop: 'hearth-and-home',
    product: 'fan',
    markup: 'microdata',
    basePence: 3499,
    drifts: true,
    stock: 'out-of-stock',
  },
  {
    path: '/hearth-and-home/heaters/zephyr-oil-filled-radiator.html',
    shop: 'hearth-and-home',
    product: 'radiator',
    markup: 'microdata',
    basePence: 9999,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/hearth-and-home/kitchen/aurelia-pro-blender.html',
    shop: 'hearth-and-home',
    product: 'blender',
    markup: 'microdata',
    basePence: 8200,
    drifts: true,
    stock: 'in-stock',
    failure: 'server-error',
  },
  {
    path: '/volt-warehouse/p/sonora-anc-headphones',
    shop: 'volt-warehouse',
    product: 'headphones',
    markup: 'meta-tags',
    basePence: 12900,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/volt-warehouse/p/sonora-buds-true-wireless',
    shop: 'volt-warehouse',
    product: 'earbuds',
    markup: 'sale',
    basePence: 6499,
    wasPence: 8999,
    drifts: true,
    stock: 'in-stock',
  },
  {
    path: '/volt-warehouse/p/sonora-pocket-speaker',
    shop: 'volt-warehouse',
    product: 'speaker',
    markup: 'rdfa',
    basePence: 4499,
    drifts: false,
    stock: 'in-stock',
  },
  {
    path: '/volt-warehouse/p/aurelia-pro-blender',
    shop: 'volt-warehouse',
    product: 'blender',
    markup: 'meta-tags',
    basePence: 7999,
    drifts: true,
    stock: 'in-stock',
    failure: 'slow',
  },
  {
    path: '/atlantic-direct/product/aurelia-4-slice-toaster',
    shop: 'atlantic-direct',
    product: 'toaster',
    markup: 'json-ld',
    basePence: 6499,
    drifts: true,
    stock: 'in-stock',
  },
] as const satisfies readonly DemoPage[];

/** A path the shop serves a product page at; the catalogue can only name these. */
export type DemoPath = (typeof PAGES)[number]['path'];

export const DEMO_PAGES: readonly DemoPage[] = PAGES;

const BY_PATH = new Map<string, DemoPage>(DEMO_PAGES.map((p) => [p.path, p]));

/** The page served at a path, if any. */
export function pageAt(path: string): DemoPage | undefined {
  return BY_PATH.get(path);
}

/** Why a failing page fails, as a newcomer reads it (the shop's start page, `npm start`). */
export const FAILURE_REASONS: Readonly<Record<Failure, string>> = {
  'server-error': 'the shop answers HTTP 500 (a broken page)',
  slow: 'the shop answers only after a long delay, later than the scraper waits (a timeout)',
  'robots-disallowed': "the shop's robots.txt disallows it, so the scraper does not fetch it",
};

/** What the page offers at a tick: the price a correct scraper reads, its currency and stock. */
export interface Offer {
  readonly pricePence: number;
  readonly currency: Currency;
  readonly inStock: boolean;
}

/**
 * The page's offer at a tick (what it shows; a failing page would show this if it answered). The
 * demo shop moves each page on a tick every time it shows it (demo-shop.ts).
 */
export function offerAt(page: DemoPage, tick: number): Offer {
  const pricePence = page.drifts ? driftedPence(page.path, page.basePence, tick) : page.basePence;
  const inStock = page.stock === 'flips' ? flippingInStock(page.path, tick) : page.stock === 'in-stock';
  return { pricePence, currency: SHOPS[page.shop].currency, inStock };
}

/** The product as the page's shop describes it. */
export function productOf(page: DemoPage) {
  return PRODUCTS[page.product];
}
