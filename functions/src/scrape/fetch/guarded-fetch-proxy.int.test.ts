import { afterEach, describe, expect, it } from 'vitest';
import { closeFixtures, fetcherFor, fixture, page } from '../test-support/fetch-fixture';
import { PROXY_EGRESS, type ProxyFixture, startProxyFixture } from '../test-support/proxy-fixture';
import { selfSignedCert } from '../test-support/self-signed-cert';

const CREDENTIALS = { username: 'shopper', password: 'long-proxy-secret-9876' };
let proxies: ProxyFixture[] = [];
afterEach(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  proxies = [];
  await closeFixtures();
});

async function proxy() {
  const started = await startProxyFixture(CREDENTIALS);
  proxies.push(started);
  return started;
}

/** A shop that says where each request came from. */
const fromWhere = (seen: string[]) =>
  fixture((req, res) => {
    seen.push(req.socket.remoteAddress ?? '');
    page('<h1>Kettle £24.99</h1>')(req, res);
  });

describe('guarded fetcher: a host behind a proxy', () => {
  it('goes through the proxy with its credentials: the shop sees every request come from it', async () => {
    const seen: string[] = [];
    const shop = await fromWhere(seen);
    const through = await proxy();
    const fetcher = fetcherFor([shop], {
      allowHosts: [shop.host, through.hostPort],
      proxyFor: async (host) => (host === '127.0.0.1' ? { url: through.url, ...CREDENTIALS } : null),
    });

    const result = await fetcher.fetchPage(`${shop.url}/p/1`);

    expect(result.html).toContain('Kettle £24.99');
    // robots.txt, then the page: each in a tunnel of its own.
    expect(through.tunnels).toEqual([
      { target: shop.host, authorised: true },
      { target: shop.host, authorised: true },
    ]);
    expect(seen).toEqual([PROXY_EGRESS]);
  });

  it('reaches an https shop through the tunnel, checking its certificate', async () => {
    const tls = selfSignedCert();
    const shop = await fixture(page('<h1>Secure £9.99</h1>'), tls);
    const through = await proxy();
    const fetcher = fetcherFor([shop], {
      allowHosts: [shop.host, through.hostPort],
      trustedCa: tls.cert,
      proxyFor: async () => ({ url: through.url, ...CREDENTIALS }),
    });

    expect((await fetcher.fetchPage(`${shop.url}/p/1`)).html).toContain('Secure £9.99');
    expect(through.tunnels).toEqual([
      { target: shop.host, authorised: true },
      { target: shop.host, authorised: true },
    ]);
  });

  it('says when the proxy refuses its credentials, never naming them', async () => {
    const shop = await fixture();
    const through = await proxy();
    const fetcher = fetcherFor([shop], {
      allowHosts: [shop.host, through.hostPort],
      proxyFor: async () => ({ url: through.url, username: 'shopper', password: 'wrong-password-1234' }),
    });

    const error = await fetcher.fetchPage(`${shop.url}/p/1`).catch((caught: Error) => caught);

    expect((error as Error).message).toBe("The host's proxy refused our user name and password (HTTP 407)");
    expect(JSON.stringify(error)).not.toMatch(/shopper|wrong-password/);
    expect(shop.connections).toBe(0);
  });

  it("checks the proxy's own address and the target's like any: neither reached when refused", async () => {
    const shop = await fixture();
    const through = await proxy();
    const unlisted = fetcherFor([shop], { proxyFor: async () => ({ url: through.url, ...CREDENTIALS }) });
    await expect(unlisted.fetchPage(`${shop.url}/p/1`)).rejects.toThrow(/Blocked/);
    expect(through.connections).toBe(0);

    const privateTarget = fetcherFor([], {
      allowHosts: [through.hostPort],
      proxyFor: async () => ({ url: through.url, ...CREDENTIALS }),
    });
    await expect(privateTarget.fetchPage('http://10.1.2.3/p/1')).rejects.toThrow(/Blocked/);
    expect(through.connections).toBe(0);
  });
});
