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

describe('userAgent', () => {
  it('names the product and the contact address', () => {
    expect(userAgent({ SCRAPER_CONTACT_URL: 'https://shop.example/bot' })).toBe(
      'CheckMyPriceBot/1.0 (+https://shop.example/bot)',
    );
    expect(userAgent({ SCRAPER_CONTACT_URL: undefined })).toBe('CheckMyPriceBot/1.0');
  });
});
