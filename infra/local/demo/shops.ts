/** The fictional competitors the demo shop plays: each has its own look, currency and markup habits. */

export type ShopId = 'brightway' | 'hearth-and-home' | 'volt-warehouse' | 'atlantic-direct';
export type Currency = 'GBP' | 'EUR';

export interface RelatedItem {
  readonly name: string;
  readonly pricePence: number;
}

export interface Shop {
  readonly id: ShopId;
  /** Also the competitor name in the demo catalogue. */
  readonly name: string;
  /**
   * The host name the shop answers under on the demo shop's one server (virtual hosts), so the app
   * names it as it would a real shop. `.localhost` names never leave this machine (RFC 6761); the
   * scraper resolves them through SCRAPER_HOST_MAP, browsers by themselves.
   */
  readonly host: string;
  readonly currency: Currency;
  readonly tagline: string;
  readonly nav: readonly string[];
  /** A banner with its own price in it, as real headers have: the extractor must look past it. */
  readonly banner: string;
  readonly address: string;
  /** Brand colour for the header and buttons. */
  readonly colour: string;
  /** 'Customers also bought' items, shown with their own prices on every product page. */
  readonly related: readonly RelatedItem[];
}

export const SHOPS: Readonly<Record<ShopId, Shop>> = {
  brightway: {
    id: 'brightway',
    host: 'brightway.localhost',
    name: 'Brightway Electricals',
    currency: 'GBP',
    tagline: 'Electricals for every room since 1987',
    nav: ['Kitchen', 'Audio & TV', 'Heating & Cooling', 'Lighting', 'Clearance'],
    banner: 'Free UK delivery on orders over £40',
    address: 'Brightway Electricals Ltd, 14 Canal Street, Manchester M1 3HE',
    colour: '#0b5cab',
    related: [
      { name: 'Descaler tablets (12 pack)', pricePence: 699 },
      { name: 'Smart plug with energy monitor', pricePence: 1999 },
      { name: 'USB-C fast charger 30W', pricePence: 1499 },
      { name: 'Extension lead, 4 way, 2 m', pricePence: 1299 },
    ],
  },
  'hearth-and-home': {
    id: 'hearth-and-home',
    host: 'hearth.localhost',
    name: 'Hearth & Home',
    currency: 'GBP',
    tagline: 'Homewares & small appliances',
    nav: ['Kitchen & Dining', 'Heating', 'Fans & Air', 'Home Office', 'Gifts'],
    banner: 'Spend £60 or more for free delivery',
    address: 'Hearth & Home Stores, Unit 7, Riverside Park, York YO1 6JT',
    colour: '#8a3b12',
    related: [
      { name: 'Stoneware mug set of 4', pricePence: 2400 },
      { name: 'Linen tea towels, pair', pricePence: 1200 },
      { name: 'Bamboo bread board', pricePence: 1850 },
    ],
  },
  'volt-warehouse': {
    id: 'volt-warehouse',
    host: 'volt.localhost',
    name: 'Volt Warehouse',
    currency: 'GBP',
    tagline: 'Big brands, warehouse prices',
    nav: ['Headphones', 'Speakers', 'Small Appliances', 'Deals', 'Outlet'],
    banner: 'Next-day delivery £4.95 — order by 8pm',
    address: 'Volt Warehouse, Dock Road, Felixstowe IP11 3QW',
    colour: '#111827',
    related: [
      { name: 'Headphone stand, aluminium', pricePence: 2499 },
      { name: 'Braided AUX cable 1.5 m', pricePence: 799 },
      { name: 'Carry case for over-ear headphones', pricePence: 1999 },
      { name: 'Rechargeable AA batteries (4)', pricePence: 1099 },
    ],
  },
  'atlantic-direct': {
    id: 'atlantic-direct',
    host: 'atlantic.localhost',
    name: 'Atlantic Direct',
    currency: 'EUR',
    tagline: "Ireland's online electrical store",
    nav: ['Kitchen', 'Audio', 'Home', 'Offers'],
    banner: 'Free delivery nationwide on orders over €50',
    address: 'Atlantic Direct Ltd, Unit 4, Westpoint Business Park, Galway H91 X2F4',
    colour: '#0f766e',
    related: [
      { name: 'Crumb tray brush', pricePence: 495 },
      { name: 'Stainless steel bread bin', pricePence: 3499 },
      { name: 'Toastie bags (pack of 3)', pricePence: 899 },
    ],
  },
};

/** The shop's own origin on the demo shop listening on `port`: 'http://brightway.localhost:3100'. */
export function shopOrigin(shop: Shop, port: number): string {
  return `http://${shop.host}:${port}`;
}

/** The shop answering under a Host header's name (port left out), if any. */
export function shopOfHost(hostname: string): Shop | undefined {
  const name = hostname.toLowerCase();
  return Object.values(SHOPS).find((shop) => shop.host === name);
}

const SYMBOLS: Readonly<Record<Currency, string>> = { GBP: '£', EUR: '€' };

/** A price as the shops print it: '£39.99', '€64.99'. */
export function formatMoney(pence: number, currency: Currency): string {
  return `${SYMBOLS[currency]}${(pence / 100).toFixed(2)}`;
}

/** A machine price for structured data: '39.99'. */
export function machinePrice(pence: number): string {
  return (pence / 100).toFixed(2);
}
