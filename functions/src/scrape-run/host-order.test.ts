import { describe, expect, it } from 'vitest';
import { interleaveByHost } from './host-order';

const url = (id: number, origin: string) => ({ id, url: `${origin}/p/${id}` });

describe('interleaveByHost', () => {
  it('takes the hosts in turn, each host’s URLs in their order', () => {
    const a = 'https://shop-a.example';
    const b = 'https://shop-b.example';
    const c = 'http://shop-c.example:8080';
    const urls = [url(1, a), url(2, a), url(3, a), url(4, a), url(5, b), url(6, b), url(7, c)];

    expect(interleaveByHost(urls).map((u) => u.id)).toEqual([1, 5, 7, 2, 6, 3, 4]);
  });

  it('counts one host whatever the scheme, port or letter case', () => {
    const urls = [
      url(1, 'https://Shop.example'),
      url(2, 'http://shop.example:8080'),
      url(3, 'https://other.example'),
    ];

    expect(interleaveByHost(urls).map((u) => u.id)).toEqual([1, 3, 2]);
  });

  it('keeps every URL, an unreadable address included', () => {
    const urls = [{ id: 1, url: 'not a url' }, url(2, 'https://a.example'), { id: 3, url: '' }];

    expect(
      interleaveByHost(urls)
        .map((u) => u.id)
        .sort(),
    ).toEqual([1, 2, 3]);
  });
});
