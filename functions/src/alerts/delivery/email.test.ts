import { describe, expect, it } from 'vitest';
import { emailMessage } from './email';
import { alertEvent } from './test-events';

const context = { appUrl: 'https://prices.example', currency: 'GBP' };
const finished_at = '2026-11-26T05:00:00.000Z';

describe('emailMessage', () => {
  it('says how many alerts which run brought in the subject', () => {
    const events = [alertEvent(), alertEvent({ kind: 'now_cheapest' }), alertEvent()];
    expect(emailMessage({ run_id: 'r', finished_at, events }, context).subject).toBe(
      'Check My Price: 3 alerts from the price check of 26 Nov 2026',
    );
    expect(emailMessage({ run_id: 'r', finished_at, events: [alertEvent()] }, context).subject).toBe(
      'Check My Price: 1 alert from the price check of 26 Nov 2026',
    );
  });

  it('groups events by kind in both parts, each with its prices and dashboard link', () => {
    const events = [alertEvent({ kind: 'now_cheapest', sku: 'A-1' }), alertEvent({ sku: 'B 2' })];
    const { text, html } = emailMessage({ run_id: 'r', finished_at, events }, context);
    expect(text).toContain(
      'Undercut (1)\n- Kettle 1.7 l (SKU B 2): ours £20.00 · Shop B £18.50, was £21.00\n  https://prices.example/dashboard?search=B%202',
    );
    expect(text.indexOf('Undercut (1)')).toBeLessThan(text.indexOf('Now cheapest (1)'));
    expect(html).toContain('<h2>Undercut (1)</h2>');
    expect(html).toContain(
      '<li><a href="https://prices.example/dashboard?search=A-1">Kettle 1.7 l (SKU A-1)</a>: ours £20.00 · Shop B £18.50, was £21.00</li>',
    );
  });

  it('says a changed suggestion with the suggestion before, last in its own group', () => {
    const suggestion = alertEvent({
      kind: 'suggestion_changed',
      competitor_url_id: null,
      competitor_name: null,
      competitor_url: null,
      competitor_price: null,
      previous_price: 19.49,
      suggested_price: 18.99,
    });
    const { text } = emailMessage({ run_id: 'r', finished_at, events: [suggestion, alertEvent()] }, context);
    expect(text).toContain(
      'Suggested price changed (1)\n- Kettle 1.7 l (SKU K-17): ours £20.00 · suggested £18.99, was £19.49',
    );
    expect(text.indexOf('Undercut (1)')).toBeLessThan(text.indexOf('Suggested price changed (1)'));
  });

  it('escapes names in the HTML part and keeps them as typed in the text part', () => {
    const name = `<img src=x onerror="alert('x')"> & Co`;
    const events = [alertEvent({ product_name: name, competitor_name: '<b>Rival</b>', sku: '"><script>' })];
    const { text, html } = emailMessage({ run_id: 'r', finished_at, events }, context);
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; Co');
    expect(html).toContain('href="https://prices.example/dashboard?search=%22%3E%3Cscript%3E"');
    expect(html).toContain('&lt;b&gt;Rival&lt;/b&gt;');
    expect(text).toContain(`${name} (SKU "><script>)`);
  });

  it('sends a test message when there are no events', () => {
    const { subject, text, html } = emailMessage({ run_id: 'test', finished_at, events: [] }, context);
    expect(subject).toBe('Check My Price: test message');
    expect(text).toMatch(/^This is a test message/);
    expect(html).toContain('<p>This is a test message');
  });
});
