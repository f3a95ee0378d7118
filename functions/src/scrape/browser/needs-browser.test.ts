import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '../extract/refusal-page';
import { needsBrowser } from './needs-browser';

const noPrice = { outcome: 'no_price', message: 'No price found on the page', price: null } as const;

describe('a page fetched plain needs the browser', () => {
  it('when it is an empty shell its scripts fill', () => {
    const shell = { outcome: 'blocked', message: REFUSAL_MESSAGES.javascript, price: null } as const;
    expect(needsBrowser('<div id="root"></div><script src="/app.js"></script>', shell)).toBe('script-shell');
  });

  it('when it sets a cookie by script and loads itself again', () => {
    const page = "<script>document.cookie = 'seen=1; path=/'; window.location.reload();</script>";
    expect(needsBrowser(page, noPrice)).toBe('cookie-reload');
    expect(needsBrowser("<script>document.cookie='a=1';location.href='/p/1'</script>", noPrice)).toBe(
      'cookie-reload',
    );
  });

  it('when it loads scripts and shows no price', () => {
    expect(needsBrowser('<h1>Kettle</h1><script src="/price.js"></script>', noPrice)).toBe(
      'scripts-no-price',
    );
  });

  it('not when it has a price, refuses us, or has no script to run', () => {
    expect(
      needsBrowser('<script src="/a.js"></script>', { outcome: 'ok', message: 'Price found', price: '9.99' }),
    ).toBeNull();
    const captcha = { outcome: 'blocked', message: REFUSAL_MESSAGES.captcha, price: null } as const;
    expect(needsBrowser('<script src="/captcha.js"></script>', captcha)).toBeNull();
    expect(needsBrowser('<h1>Kettle</h1><p>Call us for a price</p>', noPrice)).toBeNull();
    expect(needsBrowser('<script>var x = 1;</script>', noPrice)).toBeNull();
  });
});
