import { ALERT_KINDS } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { SLACK_MAX_TEXT, type SlackBlock, slackMessage } from './slack';
import { alertEvent } from './test-events';

const context = { appUrl: 'https://prices.example', currency: 'GBP' };
const finished_at = '2026-11-26T05:00:00.000Z';

const sectionTexts = (blocks: SlackBlock[]) =>
  blocks.flatMap((block) => (block.type === 'section' ? [block.text.text] : []));

describe('slackMessage', () => {
  it('has a header, one section per event kind in the order of the kinds, and a footer', () => {
    const events = [
      alertEvent({ kind: 'competitor_price_change', sku: 'A-1' }),
      alertEvent({ kind: 'undercut', sku: 'B-2' }),
      alertEvent({ kind: 'competitor_price_change', sku: 'C-3' }),
    ];
    const message = slackMessage({ run_id: 'r', finished_at, events }, context);
    expect(message.text).toBe('Check My Price: 3 alerts from the price check of 26 Nov 2026');
    expect(message.blocks.map((block) => block.type)).toEqual(['header', 'section', 'section', 'context']);
    const [undercut, change] = sectionTexts(message.blocks);
    expect(undercut?.split('\n')[0]).toBe('*Undercut* (1)');
    expect(change?.split('\n')[0]).toBe('*Competitor price change* (2)');
  });

  it('lists each event with product, SKU, both prices, the previous price and a link to the filtered dashboard', () => {
    const event = alertEvent({ sku: 'K 17/x' });
    const [text] = sectionTexts(slackMessage({ run_id: 'r', finished_at, events: [event] }, context).blocks);
    expect(text).toContain(
      '• <https://prices.example/dashboard?search=K%2017%2Fx|Kettle 1.7 l (SKU K 17/x)>: ours £20.00 · Shop B £18.50, was £21.00',
    );
  });

  it('escapes names so they cannot become links or mentions', () => {
    const event = alertEvent({ product_name: '<!channel> & <https://evil.example|click>' });
    const [text] = sectionTexts(slackMessage({ run_id: 'r', finished_at, events: [event] }, context).blocks);
    expect(text).toContain('&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;');
    expect(text).not.toContain('<!channel>');
  });

  it('stays within Slack limits with many events, saying how many were left out', () => {
    const events = ALERT_KINDS.flatMap((kind) =>
      Array.from({ length: 400 }, (_, i) =>
        alertEvent({ kind, sku: `SKU-${i}`, product_name: `Product ${i}` }),
      ),
    );
    const message = slackMessage({ run_id: 'r', finished_at, events }, context);
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    const texts = sectionTexts(message.blocks);
    expect(texts).toHaveLength(ALERT_KINDS.length);
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(SLACK_MAX_TEXT);
      const lines = text.split('\n');
      const listed = lines.filter((line) => line.startsWith('• ')).length;
      expect(lines.at(-1)).toBe(`…and ${400 - listed} more`);
      expect(listed).toBeGreaterThan(10);
    }
  });

  it('sends a test message when there are no events', () => {
    const message = slackMessage({ run_id: 'test', finished_at, events: [] }, context);
    expect(message.text).toBe('Check My Price: test message');
    expect(sectionTexts(message.blocks)[0]).toMatch(/^This is a test message/);
  });
});
