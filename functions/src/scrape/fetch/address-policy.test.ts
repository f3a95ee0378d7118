import { describe, expect, it } from 'vitest';
import { classifyAddress, isBlockedAddress } from './address-policy';
import { BlockedError } from './fetch-errors';
import { checkTarget } from './guarded-fetch';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:a9fe:a9fe]', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:169.254.169.254', 'link-local'],
    ['64:ff9b:1::7f00:1', 'private'],
    ['64:ff9b:1:5db8:d822:2200::', 'private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2002:c0a8:0101::1', 'private'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['not-an-ip', 'reserved'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:0:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('lets the public address %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('checkTarget', () => {
  const none = new Set<string>();

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b:1::a00:1]/',
  ])('refuses %s before connecting', (url) => {
    expect(() => checkTarget(new URL(url), none)).toThrow(new BlockedError('Blocked: address is private'));
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/'])(
    'refuses the scheme of %s',
    (url) => {
      expect(() => checkTarget(new URL(url), none)).toThrow('Blocked: only http and https');
    },
  );

  it('lets exactly the allowed host:port through', () => {
    const allow = new Set(['127.0.0.1:4000']);
    expect(checkTarget(new URL('http://127.0.0.1:4000/p'), allow)).toBe(true);
    expect(() => checkTarget(new URL('http://127.0.0.1:4001/p'), allow)).toThrow(BlockedError);
    expect(checkTarget(new URL('https://example.com/'), allow)).toBe(false);
  });
});
