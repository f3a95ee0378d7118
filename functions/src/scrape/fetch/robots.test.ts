import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { crawlDelayOf } from './robots';

const delayFor = (text: string, agent = 'CheckMyPriceBot') =>
  crawlDelayOf(robotsParser('https://shop.example/robots.txt', text), agent);

describe('crawlDelayOf', () => {
  it('reads the Crawl-delay of the group that names our agent, in seconds', () => {
    const text = 'User-agent: *\nCrawl-delay: 10\n\nUser-agent: checkmypricebot\nCrawl-delay: 2\n';
    expect(delayFor(text)).toBe(2);
  });

  it('falls back to the * group, and ignores groups for other agents', () => {
    expect(delayFor('User-agent: OtherBot\nCrawl-delay: 9\n\nUser-agent: *\nCrawl-delay: 1.5\n')).toBe(1.5);
    expect(delayFor('User-agent: OtherBot\nCrawl-delay: 9\n')).toBeNull();
  });

  it('does not take the * delay when our own group sets none', () => {
    expect(
      delayFor('User-agent: *\nCrawl-delay: 5\n\nUser-agent: CheckMyPriceBot\nDisallow: /x\n'),
    ).toBeNull();
  });

  it('reads a Crawl-delay in a group that lists several agents', () => {
    expect(delayFor('User-agent: OtherBot\nUser-agent: CheckMyPriceBot\nCrawl-delay: 3\n')).toBe(3);
  });

  it.each(['soon', '-4', 'Infinity', '', '0'])('ignores an invalid or zero value (%j)', (value) => {
    expect(delayFor(`User-agent: *\nCrawl-delay: ${value}\n`)).toBeNull();
  });

  it('caps a long delay at 30 s', () => {
    expect(delayFor('User-agent: *\nCrawl-delay: 3600\n')).toBe(30);
  });

  it('is null when robots.txt sets no delay', () => {
    expect(delayFor('User-agent: *\nDisallow: /cart\n')).toBeNull();
  });
});
