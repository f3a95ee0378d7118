// Own prices are shown in the shop's one currency (decision 4), read from /config.json.
import { formatMoney } from '@cmp/shared';
import { webConfig } from '../config/web-config';

export const shopCurrency = (): string => webConfig().shopCurrency;

/** An own price in the shop currency; null shows 'N/A'. */
export function formatShopMoney(amount: number | null | undefined): string {
  return formatMoney(amount, shopCurrency());
}
