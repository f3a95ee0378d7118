// What the comparison made of a competitor price, in words (docs/rules.md#27-currencies-and-shipping): both
// price dialogs show it below the page's price.
import { type ComparedView, conversionText, convertAmount, unconvertedText } from '@cmp/shared';

/**
 * '£19.53, converted from USD at 0.7812 on 2026-11-27' and/or '£24.52 with £4.99 shipping'; null when
 * the comparison takes the price as it is.
 */
export function comparedText(
  view: Pick<ComparedView, 'compared_price' | 'conversion' | 'shipping'>,
  money: (amount: number) => string,
): string | null {
  const parts: string[] = [];
  const { conversion } = view;
  if (conversion)
    parts.push(
      `${money(convertAmount(conversion.from_price, conversion.rate))}, ${conversionText(conversion)}`,
    );
  if (view.shipping !== undefined && view.compared_price !== null)
    parts.push(
      `${money(view.compared_price)} with ${view.shipping === 0 ? 'free' : money(view.shipping)} shipping`,
    );
  return parts.length > 0 ? parts.join('; ') : null;
}

/** 'Not compared: price in USD, no exchange rate' (or its rate too old). */
export const notConvertedReason = (currency: string, staleRateDate: string | undefined): string =>
  `Not compared: ${unconvertedText(currency, staleRateDate)}`;
