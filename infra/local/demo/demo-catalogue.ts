/**
 * The catalogue `npm start` seeds on an empty data directory: our products, and where each one is
 * sold on the demo shop. Prices are chosen against the pages' drift bands (±8%) so the dashboard
 * shows every comparison at all times: LOWER, HIGHER, SAME and one product with no competitor data.
 */
import { type DemoPath, pageAt } from './demo-pages';
import { SHOPS, shopOrigin } from './shops';

export interface DemoCatalogue {
  categories: { name: string; description: string | null }[];
  products: {
    sku: string;
    name: string;
    current_price: number;
    cost: number | null;
    category: string | null;
  }[];
  competitorUrls: { sku: string; competitor_name: string; url: string }[];
}

const KITCHEN = 'Kitchen Appliances';
const AUDIO = 'Audio';
const HOME = 'Heating & Cooling';

const CATEGORIES = [
  { name: KITCHEN, description: 'Kettles, toasters and blenders' },
  { name: AUDIO, description: 'Headphones, earbuds and speakers' },
  { name: HOME, description: null },
];

/**
 * Our products; `sources` are the demo pages competing with each. The comments give the cheapest
 * competitor's band, which is what fixes the comparison.
 */
const PRODUCTS: readonly (DemoCatalogue['products'][number] & { sources: readonly DemoPath[] })[] = [
  {
    // Cheapest is Brightway at £36.79–£43.19: LOWER.
    sku: 'CMP-KET-170',
    name: 'Aurelia 1.7L Rapid Boil Kettle',
    current_price: 34.99,
    cost: 21.5,
    category: KITCHEN,
    sources: [
      '/brightway/products/aurelia-rapid-boil-kettle',
      '/hearth-and-home/kettles/aurelia-rapid-boil-kettle.html',
    ],
  },
  {
    // Hearth & Home at £45.99–£53.99; Atlantic Direct's euro price is shown but not compared: HIGHER.
    sku: 'CMP-TOA-400',
    name: 'Aurelia 4-Slice Toaster',
    current_price: 59.99,
    cost: 31,
    category: KITCHEN,
    sources: [
      '/hearth-and-home/toasters/aurelia-4-slice-toaster.html',
      '/atlantic-direct/product/aurelia-4-slice-toaster',
    ],
  },
  {
    // Every source fails (HTTP 500, too slow, robots.txt): NO DATA.
    sku: 'CMP-BLN-1200',
    name: 'Aurelia Pro Blender 1200W',
    current_price: 79.99,
    cost: 46.25,
    category: KITCHEN,
    sources: [
      '/hearth-and-home/kitchen/aurelia-pro-blender.html',
      '/volt-warehouse/p/aurelia-pro-blender',
      '/brightway/trade/aurelia-pro-blender',
    ],
  },
  {
    // Volt Warehouse at £118.68–£139.32: HIGHER.
    sku: 'CMP-HP-700',
    name: 'Sonora ANC Wireless Headphones',
    current_price: 149,
    cost: 96,
    category: AUDIO,
    sources: ['/volt-warehouse/p/sonora-anc-headphones', '/brightway/products/sonora-anc-headphones'],
  },
  {
    // Volt Warehouse holds £44.99 and Brightway never drops below £45.99: SAME.
    sku: 'CMP-SPK-120',
    name: 'Sonora Pocket Bluetooth Speaker',
    current_price: 44.99,
    cost: 27.4,
    category: AUDIO,
    sources: ['/volt-warehouse/p/sonora-pocket-speaker', '/brightway/products/sonora-pocket-speaker'],
  },
  {
    // Volt Warehouse's sale price at £59.79–£70.19: LOWER.
    sku: 'CMP-EAR-300',
    name: 'Sonora Buds True Wireless Earbuds',
    current_price: 54.99,
    cost: 33.8,
    category: AUDIO,
    sources: ['/volt-warehouse/p/sonora-buds-true-wireless'],
  },
  {
    // Hearth & Home, sold out, at £32.19–£37.79: HIGHER.
    sku: 'CMP-FAN-16',
    name: 'Zephyr 16" Pedestal Fan',
    current_price: 39.99,
    cost: 18.6,
    category: HOME,
    sources: ['/hearth-and-home/fans/zephyr-pedestal-fan.html'],
  },
  {
    // Hearth & Home at £91.99–£107.99: LOWER. No cost recorded, so no margin shows.
    sku: 'CMP-RAD-2000',
    name: 'Zephyr 2kW Oil-Filled Radiator',
    current_price: 89.99,
    cost: null,
    category: HOME,
    sources: ['/hearth-and-home/heaters/zephyr-oil-filled-radiator.html'],
  },
  {
    // Brightway at £30.35–£35.63: LOWER. Not in any category.
    sku: 'CMP-LMP-10',
    name: 'Lumen Smart LED Desk Lamp',
    current_price: 29.99,
    cost: 13.2,
    category: null,
    sources: ['/brightway/products/lumen-smart-desk-lamp'],
  },
];

/**
 * The demo catalogue with competitor URLs under each shop's host name on the demo shop's `port`
 * ('http://brightway.localhost:3100/brightway/products/…').
 */
export function demoCatalogue(port: number): DemoCatalogue {
  return {
    categories: CATEGORIES.map((c) => ({ ...c })),
    products: PRODUCTS.map(({ sources: _sources, ...product }) => product),
    competitorUrls: PRODUCTS.flatMap(({ sku, sources }) =>
      sources.map((path) => {
        const page = pageAt(path);
        if (!page) throw new Error(`The demo shop serves no page at ${path}`);
        const shop = SHOPS[page.shop];
        return { sku, competitor_name: shop.name, url: `${shopOrigin(shop, port)}${path}` };
      }),
    ),
  };
}
