import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readScrapeRunSettings } from './scrape-run-settings';

describe('scrape-run settings', () => {
  const settingsFrom = (context: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
    readScrapeRunSettings(new App({ context }), env);

  it('default to the functions’ defaults', () => {
    expect(settingsFrom({})).toEqual({
      maxConcurrency: 20,
      runTimeoutSeconds: 86_400,
      schedule: 'cron(0 6 * * ? *)',
      scheduleEnabled: true,
      bedrockModelId: null,
      scraperContactUrl: undefined,
      priceRetentionDays: 400,
    });
  });

  it('come from the environment, and context wins, even when it is empty', () => {
    const env = {
      SCRAPE_MAX_CONCURRENCY: '12',
      BEDROCK_MODEL_ID: 'amazon.nova-lite-v1:0',
      SCHEDULE_ENABLED: 'false',
    };
    expect(settingsFrom({}, env)).toMatchObject({
      maxConcurrency: 12,
      bedrockModelId: 'amazon.nova-lite-v1:0',
      scheduleEnabled: false,
    });
    expect(settingsFrom({ scrapeMaxConcurrency: '30', bedrockModelId: '' }, env)).toMatchObject({
      maxConcurrency: 30,
      bedrockModelId: null,
    });
    // 0 keeps price records for ever.
    expect(settingsFrom({ priceRetentionDays: '0' }).priceRetentionDays).toBe(0);
  });

  it.each([
    [{ scrapeMaxConcurrency: 41 }, /SCRAPE_MAX_CONCURRENCY/],
    [{ scrapeRunTimeoutSeconds: 30 }, /SCRAPE_RUN_TIMEOUT_SECONDS/],
    [{ scheduleEnabled: 'yes' }, /SCHEDULE_ENABLED/],
    [{ priceRetentionDays: -1 }, /PRICE_RETENTION_DAYS/],
    [{ priceRetentionDays: '30.5' }, /PRICE_RETENTION_DAYS/],
    [{ scrapeSchedule: '0 6 * * *' }, /SCRAPE_SCHEDULE/],
    [{ scrapeSchedule: 'rate(1 hours)' }, /SCRAPE_SCHEDULE/],
    [
      { scrapeSchedule: 'rate(5 minutes)' },
      /SCRAPE_SCHEDULE: Scheduled price checks must be at least 15 minutes/,
    ],
    [
      { scrapeSchedule: 'cron(*/5 * * * ? *)' },
      /SCRAPE_SCHEDULE: Scheduled price checks must be at least 15/,
    ],
    [
      { scrapeSchedule: 'rate(99999999999999999999 days)' },
      /SCRAPE_SCHEDULE: A rate can be at most 365 days/,
    ],
    [{ scraperContactUrl: 'not a url' }, /SCRAPER_CONTACT_URL/],
    [{ bedrockModelId: 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.x' }, /BEDROCK_MODEL_ID/],
  ])('refuse %o', (context, message) => {
    expect(() => settingsFrom(context)).toThrow(message);
  });

  it('accept rate and cron expressions EventBridge accepts', () => {
    for (const schedule of [
      'rate(1 hour)',
      'rate(12 hours)',
      'cron(0 6 ? * MON-FRI *)',
      'cron(0/30 8-18 * * ? *)',
    ]) {
      expect(settingsFrom({ scrapeSchedule: schedule }).schedule).toBe(schedule);
    }
  });
});
