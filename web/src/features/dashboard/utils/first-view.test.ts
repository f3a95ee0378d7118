import { describe, expect, it } from 'vitest';
import { settleFirstView } from './first-view';

const loaded = <T>(value: T): PromiseFulfilledResult<T> => ({ status: 'fulfilled', value });
const failed = (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason });

const stats = { totalProducts: 3 };
const products = [{ id: 1 }];

describe('settleFirstView', () => {
  it('shows the cards and the table when both loads succeed', () => {
    expect(settleFirstView([loaded(stats), loaded(products)])).toEqual({
      stats,
      products,
      overviewError: null,
    });
  });

  it('keeps the table and empties the cards when only the overview fails, keeping why', () => {
    const why = new Error('HTTP 500');

    expect(settleFirstView([failed(why), loaded(products)])).toEqual({
      stats: null,
      products,
      overviewError: why,
    });
  });

  it('fails the whole view with the products failure, whatever the overview did', () => {
    const why = new Error('HTTP 503');

    expect(() => settleFirstView([loaded(stats), failed(why)])).toThrow(why);
    expect(() => settleFirstView([failed(new Error('overview')), failed(why)])).toThrow(why);
  });
});
