import { describe, expect, it } from 'vitest';
import { readScrapeConfig, userAgent } from './scrape.config';

describe('readScrapeConfig', () => {
  it('defaults to no allowed hosts and no LLM tier', () => {
    const config = readScrapeConfig({});
    expect(config).toMatchObject({
      SCRAPER_ALLOW_HOSTS: [],
      BEDROCK_MODEL_ID: null,
      AWS_REGION: 'us-east-1',
    });
    expect(config.BEDROCK_ENDPOINT).toBeUndefined();
  });

  it('reads the allow list, model and endpoint', () => {
    const config = readScrapeConfig({
      SCRAPER_ALLOW_HOSTS: 'localhost:4000, 127.0.0.1:5173',
      BEDROCK_MODEL_ID: 'eu.anthropic.claude-3-haiku-20240307-v1:0',
      BEDROCK_ENDPOINT: 'http://127.0.0.1:9000',
      AWS_REGION: 'eu-west-1',
    });
    expect(config.SCRAPER_ALLOW_HOSTS).toEqual(['localhost:4000', '127.0.0.1:5173']);
    expect(config.BEDROCK_MODEL_ID).toBe('eu.anthropic.claude-3-haiku-20240307-v1:0');
  });

  it('fails listing every bad setting', () => {
    expect(() => readScrapeConfig({ SCRAPER_ALLOW_HOSTS: 'localhost', SCRAPER_CONTACT_URL: 'nope' })).toThrow(
      /SCRAPER_ALLOW_HOSTS[\s\S]*SCRAPER_CONTACT_URL/,
    );
  });
});

describe('SCRAPER_HOST_MAP', () => {
  it('is empty by default', () => {
    expect(readScrapeConfig({}).SCRAPER_HOST_MAP.size).toBe(0);
  });

  it('reads name=address pairs, names in lower case, IPv4 and IPv6 addresses', () => {
    const { SCRAPER_HOST_MAP } = readScrapeConfig({
      SCRAPER_HOST_MAP: ' Brightway.localhost=127.0.0.1, hearth.localhost = ::1 ,',
    });

    expect([...SCRAPER_HOST_MAP]).toEqual([
      ['brightway.localhost', '127.0.0.1'],
      ['hearth.localhost', '::1'],
    ]);
  });

  it.each([
    ['brightway.localhost', "'brightway.localhost': name=address"],
    ['brightway.localhost=localhost', "'brightway.localhost=localhost': name=address"],
    ['brightway.localhost=127.0.0.1=x', 'name=address'],
    ['127.0.0.2=127.0.0.1', 'name=address'],
    ['bad_name.localhost=127.0.0.1', 'name=address'],
    ['a.localhost=127.0.0.1,A.localhost=127.0.0.2', "'a.localhost' is mapped twice"],
  ])('refuses %s', (value, message) => {
    expect(() => readScrapeConfig({ SCRAPER_HOST_MAP: value })).toThrow(message);
  });
});

describe('userAgent', () => {
  it('names the product and the contact address', () => {
    expect(userAgent({ SCRAPER_CONTACT_URL: 'https://shop.example/bot' })).toBe(
      'CheckMyPriceBot/1.0 (+https://shop.example/bot)',
    );
    expect(userAgent({ SCRAPER_CONTACT_URL: undefined })).toBe('CheckMyPriceBot/1.0');
  });
});
