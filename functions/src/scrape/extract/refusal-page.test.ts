import { describe, expect, it } from 'vitest';
import { corpusIds, corpusPage } from '../test-support/corpus';
import { analysePage, extractPage } from './extract-page';

const URL_UK = 'https://shop.example.co.uk/p/kettle';

const html = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** Pages shaped like those common bot protections and shops serve to a scraper they refuse. */
const refusals: [string, string, string][] = [
  [
    'a Cloudflare challenge',
    html(
      'Just a moment...',
      '<div class="main-wrapper"><h1>shop.example.co.uk</h1><p>Verifying you are human. This may take a few seconds.</p></div><script>window._cf_chl_opt={cvId:"3"}</script>',
    ),
    'bot-check',
  ],
  [
    'a Cloudflare block page',
    html(
      'Attention Required! | Cloudflare',
      '<h1>Sorry, you have been blocked</h1><h2>You are unable to access shop.example.co.uk</h2><p>Why have I been blocked? This website is using a security service to protect itself from online attacks.</p><p>Cloudflare Ray ID: 8a1b2c3d4e5f</p>',
    ),
    'bot-check',
  ],
  [
    'an Akamai access denied page',
    html(
      'Access Denied',
      '<h1>Access Denied</h1>You don\'t have permission to access "http://shop.example.co.uk/p/kettle" on this server.<p>Reference #18.5f3e1c17.1700000000.2a4b</p>',
    ),
    'access-denied',
  ],
  [
    'a shop captcha page with a price-like number',
    html(
      'Robot Check',
      '<h4>Enter the characters you see below</h4><p>Sorry, we just need to make sure you\'re not a robot. For best results, please make sure your browser is accepting cookies.</p><img src="/captcha/123.jpg"><form><input name="field-keywords"><button>Continue shopping</button></form><p>£4.99 delivery on orders</p>',
    ),
    'captcha',
  ],
  [
    'a DataDome captcha',
    html(
      'shop.example.co.uk',
      '<p>Please enable JS and disable any ad blocker</p>',
      '<script src="https://ct.captcha-delivery.com/c.js"></script>',
    ),
    'captcha',
  ],
  [
    'a press-and-hold check',
    html(
      'Access to this page has been denied',
      '<div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human (and not a bot).</p>',
    ),
    'access-denied',
  ],
  [
    'a "robot or human" page',
    html('Robot or human?', '<h1>Activate and hold the button to confirm that you’re human. Thank You!</h1>'),
    'captcha',
  ],
  [
    'an Incapsula refusal',
    html(
      '',
      '<iframe src="/_Incapsula_Resource?SWUDNSAI=31&xinfo=4-1234"></iframe><p>Request unsuccessful. Incapsula incident ID: 123000450123</p>',
    ),
    'bot-check',
  ],
  [
    'a "please enable JavaScript" shell',
    html(
      'Shop',
      '<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/static/app.js"></script>',
    ),
    'javascript',
  ],
  [
    'a bare captcha page without <html> or <body>',
    '<!doctype html><title>Robot Check</title><h4>Type the characters you see in this image</h4><img src="/c.jpg">',
    'captcha',
  ],
  [
    'a web application firewall’s rejection without a title',
    html(
      '',
      '<p>The requested URL was rejected. Please consult with your administrator.</p><p>Your support ID is: 1234567890123456789</p><a href="javascript:history.back();">[Go Back]</a>',
    ),
    'bot-check',
  ],
  [
    'a site firewall’s limit on access',
    html(
      'shop.example.co.uk',
      '<h1>Your access to this site has been limited by the site owner</h1><p>If you think you have been blocked in error, contact the owner of this site for assistance.</p>',
    ),
    'bot-check',
  ],
  [
    'a connection check before the shop',
    html(
      'Your connection needs to be verified',
      '<h1>Your connection needs to be verified</h1><p>Please complete the security check to access the store.</p>',
    ),
    'bot-check',
  ],
  [
    'a hosting platform’s checkpoint',
    html(
      'Vercel Security Checkpoint',
      '<p>We’re verifying your browser</p><noscript>Enable JavaScript to continue</noscript>',
    ),
    'bot-check',
  ],
  [
    'a captcha served from a protection service’s domain',
    html(
      'shop.example.co.uk',
      '<div id="challenge"></div>',
      '<script src="https://client-api.arkoselabs.com/v2/api.js" async></script>',
    ),
    'captcha',
  ],
  [
    'an unusual-traffic page',
    html(
      'Sorry...',
      '<p>Our systems have detected unusual traffic from your computer network. Please try your request again later.</p>',
    ),
    'bot-check',
  ],
];

describe('a page the shop serves instead of the product', () => {
  it.each(refusals)('is recorded as blocked for %s, with no price', async (_, page, kind) => {
    const result = await extractPage(page, URL_UK);
    expect(result).toMatchObject({ outcome: 'blocked', price: null, in_stock: null, confidence: 0 });
    expect(result.message).toMatch(/^Blocked: /);
    expect(kind).toBeTruthy();
  });

  it('says which kind of refusal it was', async () => {
    const messages = await Promise.all(
      refusals.map(async ([, page]) => (await extractPage(page, URL_UK)).message),
    );
    expect(messages).toEqual(
      refusals.map(
        ([, , kind]) =>
          ({
            captcha: 'Blocked: the shop showed a captcha instead of the product page',
            'bot-check': "Blocked: the shop's bot protection refused the request",
            'access-denied': 'Blocked: the shop denied access to the page',
            javascript: 'Blocked: the page shows nothing without JavaScript',
          })[kind],
      ),
    );
  });
});

describe('a product page', () => {
  const product = (extra: string) =>
    html(
      'Steel kettle | Shop',
      `<main><h1>Steel kettle 1.7 l</h1><p class="price">£24.99</p><button>Add to basket</button>${extra}</main>`,
    );

  it('is not blocked for a review form’s captcha or a protection script', async () => {
    const page = product(
      '<form class="review"><div class="g-recaptcha"></div><p>Please complete the captcha to post a review.</p></form><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>',
    );
    const result = await extractPage(page, URL_UK);
    expect(result).toMatchObject({ outcome: 'ok', price: '24.99' });
  });

  it('is not blocked for a noscript hint on a page that shows its content', async () => {
    const result = await extractPage(
      product('<noscript>Please enable JavaScript for the best experience.</noscript>'),
      URL_UK,
    );
    expect(result.outcome).toBe('ok');
  });

  it('with structured data is not blocked for a title that sounds like a refusal', async () => {
    const ld = {
      '@type': 'Product',
      name: 'Forbidden Planet poster',
      offers: { '@type': 'Offer', price: '9.99', priceCurrency: 'GBP' },
    };
    const page = html(
      'Forbidden',
      `<main><h1>Forbidden Planet poster</h1><p class="price">£9.99</p>${'<p>A classic film poster, printed on heavy paper.</p>'.repeat(60)}</main>`,
      `<script type="application/ld+json">${JSON.stringify(ld)}</script>`,
    );
    expect((await extractPage(page, URL_UK)).outcome).toBe('ok');
  });

  it('is never taken for a refusal across the 95 real pages of the benchmark corpus', () => {
    const blocked = corpusIds().filter((id) => {
      const { html: page, url } = corpusPage(id);
      return analysePage(page, url).refusal !== null;
    });
    expect(blocked).toEqual([]);
  }, 60_000);
});
