/**
 * Which network addresses the scraper may connect to: public unicast only. Loopback, private,
 * link-local (cloud metadata 169.254.169.254 and fd00:ec2::254 included), unique-local, carrier-grade
 * NAT, unspecified, multicast, reserved and documentation ranges are refused, also when an IPv4
 * address hides inside IPv6 (mapped, translated, NAT64, 6to4, Teredo).
 */
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'carrier-grade-nat'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

type V4Range = readonly [base: number, bits: number, cls: AddressClass];

const V4_RANGES: readonly V4Range[] = [
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'carrier-grade-nat'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'reserved'],
  [v4('192.88.99.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

/**
 * Classifies an IP address literal (v4 or v6, brackets allowed). Anything that is not a valid
 * literal is 'reserved', so a parsing gap can never let an address through.
 *
 * @example classifyAddress('::ffff:7f00:1') // 'loopback'
 */
export function classifyAddress(address: string): AddressClass {
  const literal = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(literal);
  if (version === 4) return classifyV4(v4(literal));
  if (version === 6) return classifyV6(v6(literal));
  return 'reserved';
}

/** True for every address class the scraper refuses. */
export function isBlockedAddress(address: string): boolean {
  return classifyAddress(address) !== 'public';
}

function classifyV4(ip: number): AddressClass {
  for (const [base, bits, cls] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((ip & mask) >>> 0 === base) return cls;
  }
  return 'public';
}

function classifyV6(words: readonly number[]): AddressClass {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = words;
  const embedded = ((w6 << 16) | w7) >>> 0;
  const upperZero = w0 === 0 && w1 === 0 && w2 === 0 && w3 === 0 && w4 === 0;
  if (upperZero && w5 === 0 && w6 === 0 && w7 === 0) return 'unspecified';
  if (upperZero && w5 === 0 && w6 === 0 && w7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form (::a.b.c.d) carry an IPv4 address.
  if (upperZero && (w5 === 0xffff || w5 === 0)) return classifyV4(embedded);
  // IPv4-translated (::ffff:0:a.b.c.d, RFC 2765) carries one too.
  if (w0 === 0 && w1 === 0 && w2 === 0 && w3 === 0 && w4 === 0xffff && w5 === 0) return classifyV4(embedded);
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address through a translator.
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0)
    return classifyV4(embedded);
  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215) leads into the operator's own network, and where the
  // IPv4 address sits depends on the translator's prefix length, so the whole prefix is refused.
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 1) return 'private';
  // Teredo (2001::/32) tunnels to an obfuscated IPv4 address through a relay.
  if (w0 === 0x2001 && w1 === 0) return 'reserved';
  // 6to4 (2002::/16) embeds the IPv4 address in the next 32 bits.
  if (w0 === 0x2002) return classifyV4(((w1 << 16) | w2) >>> 0);
  if ((w0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((w0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((w0 & 0xffc0) === 0xfec0) return 'private';
  if ((w0 & 0xff00) === 0xff00) return 'multicast';
  if (w0 === 0x2001 && w1 === 0x0db8) return 'reserved';
  if (w0 === 0x0100 && w1 === 0 && w2 === 0 && w3 === 0) return 'reserved';
  return 'public';
}

function v4(address: string): number {
  return address.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

/** Expands an IPv6 literal (already validated by isIP) into eight 16-bit words. */
function v6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headWords = head ? head.split(':') : [];
  const tailWords = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - headWords.length - tailWords.length).fill('0');
  return [...headWords, ...fill, ...tailWords].map((w) => Number.parseInt(w, 16));
}

/** `host:port` of a URL as the allow lists name it, the scheme's default port spelled out. */
export const hostPortOf = (url: URL): string =>
  `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
