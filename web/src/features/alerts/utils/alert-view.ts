// The Alerts page's list (docs/screens.md#alerts-page): its filters as the URL carries them, the product
// a typed SKU or name picks, and the texts of a row's channels.
import {
  ALERT_KINDS,
  type AlertChannel,
  type AlertDelivery,
  type AlertKind,
  type ChannelType,
  matchesAllWords,
  searchWords,
} from '@cmp/shared';

export interface AlertsQuery {
  kind: AlertKind | null;
  productId: number | null;
}

/**
 * The filters in the page's URL (`?kind=undercut&product_id=12`, the dashboard marker's link); a value
 * that is not a kind or a product id counts as no filter.
 */
export function parseAlertsQuery(params: URLSearchParams): AlertsQuery {
  const kind = params.get('kind');
  const productId = params.get('product_id');
  return {
    kind: ALERT_KINDS.find((known) => known === kind) ?? null,
    productId: productId !== null && /^[1-9]\d{0,15}$/.test(productId) ? Number(productId) : null,
  };
}

/** The URL query of `query`, without the filters that are off. */
export function alertsQueryParams(query: AlertsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.kind !== null) params.set('kind', query.kind);
  if (query.productId !== null) params.set('product_id', String(query.productId));
  return params;
}

export interface ProductChoice {
  id: number;
  sku: string;
  name: string;
}

/** The products a user could mean, at most this many offered as buttons. */
export const PRODUCT_CHOICES_SHOWN = 5;

export type ProductMatch =
  | { kind: 'empty' }
  /** The products the text finds are still being fetched. */
  | { kind: 'pending' }
  | { kind: 'one'; product: ProductChoice }
  | { kind: 'none' }
  | { kind: 'many'; count: number; first: ProductChoice[] };

/**
 * The product typed text means: an exact SKU (any case) first, else the one product whose name or SKU
 * holds every word. Several matches are offered (the first few); none filters nothing.
 * @example matchProduct(products, 'kettle-1') // { kind: 'one', product: { sku: 'KETTLE-1', ... } }
 */
export function matchProduct(
  products: readonly ProductChoice[],
  text: string,
  /** How many products the text finds, when `products` are the first of them (a page of the search). */
  total?: number,
): ProductMatch {
  if (searchWords(text).length === 0) return { kind: 'empty' };
  const sku = text.trim().toLowerCase();
  const exact = products.find((product) => product.sku.toLowerCase() === sku);
  if (exact) return { kind: 'one', product: exact };
  const matches = products.filter((product) => matchesAllWords(product, text));
  if (matches.length === 0) return { kind: 'none' };
  const count = total ?? matches.length;
  if (count === 1) return { kind: 'one', product: matches[0] as ProductChoice };
  return { kind: 'many', count, first: matches.slice(0, PRODUCT_CHOICES_SHOWN) };
}

/** 'Steel Kettle (KETTLE-1)': how a product is named in the filter's texts. */
export const productLabel = (product: Pick<ProductChoice, 'sku' | 'name'>) =>
  `${product.name} (${product.sku})`;

export const CHANNEL_TYPE_LABELS: Readonly<Record<ChannelType, string>> = {
  email: 'E-mail',
  slack: 'Slack',
  webhook: 'Webhook',
};

/** 'Webhook https://hooks.example.com/prices': a channel as lists name it. */
export const channelLabel = (channel: Pick<AlertChannel, 'type' | 'target'>) =>
  `${CHANNEL_TYPE_LABELS[channel.type]} ${channel.target}`;

export interface DeliveryView {
  channel: string;
  ok: boolean;
  /** 'OK', or 'Failed: <message>'. */
  result: string;
}

/**
 * How each channel took an alert's digest, named by the channel as it is set now ('Removed channel'
 * once it is gone). Deliveries are per run, so every alert of a run shows the same ones.
 */
export function deliveryViews(
  deliveries: readonly AlertDelivery[],
  channels: readonly AlertChannel[],
): DeliveryView[] {
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  return deliveries.map((delivery) => {
    const channel = byId.get(delivery.channel_id);
    return {
      channel: channel ? channelLabel(channel) : 'Removed channel',
      ok: delivery.ok,
      result: delivery.ok ? 'OK' : `Failed: ${delivery.message}`,
    };
  });
}
