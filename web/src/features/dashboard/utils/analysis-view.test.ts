import { describe, expect, it } from 'vitest';
import {
  analysisPriceText,
  analysisSummary,
  confidenceText,
  evidenceItems,
  safeLinkUrl,
  stockText,
  tierText,
} from './analysis-view';

describe('analysis summary', () => {
  it('shows the price in its currency, pounds by default, or says none was found', () => {
    expect(analysisPriceText(12.5, 'EUR')).toBe('€12.50');
    expect(analysisPriceText(12.5, null)).toBe('£12.50');
    expect(analysisPriceText(null, 'GBP')).toBe('No price found');
    expect(analysisPriceText(3, 'NOT-A-CODE')).toBe('3.00 NOT-A-CODE');
  });

  it('shows confidence as a percent to one decimal, or N/A', () => {
    expect(confidenceText(0.95)).toBe('95.0%');
    expect(confidenceText(0.333)).toBe('33.3%');
    expect(confidenceText(0)).toBe('0.0%');
    expect(confidenceText(null)).toBe('N/A');
  });

  it('names the stock state, unknown when the page did not say', () => {
    expect([true, false, null].map(stockText)).toEqual(['In Stock', 'Out of Stock', 'Unknown']);
  });

  it('puts the four figures together, Never when there is no date', () => {
    const summary = analysisSummary({
      price: null,
      currency: null,
      in_stock: null,
      confidence: null,
      scraped_at: null,
    });

    expect(summary).toEqual({
      price: 'No price found',
      stock: 'Unknown',
      confidence: 'N/A',
      lastUpdated: 'Never',
    });
  });

  it('explains the tier', () => {
    expect(tierText('structured')).toBe('Structured data on the page');
    expect(tierText('something-new')).toBe('something-new');
    expect(tierText(null)).toBe('N/A');
  });
});

describe('evidenceItems', () => {
  it('reads the pipeline’s source, where and snippet, and older tier or kind labels', () => {
    expect(
      evidenceItems([
        { source: 'json-ld', where: 'script[type=ld+json]', snippet: '"price": "12.99"' },
        { tier: 'meta', where: 'meta[property=og:price]', snippet: '12.99' },
        { kind: 'visible', where: 'span.price', snippet: '£12.99' },
      ]),
    ).toEqual([
      { source: 'json-ld', where: 'script[type=ld+json]', snippet: '"price": "12.99"' },
      { source: 'meta', where: 'meta[property=og:price]', snippet: '12.99' },
      { source: 'visible', where: 'span.price', snippet: '£12.99' },
    ]);
  });

  it('drops what is not evidence', () => {
    expect(evidenceItems(null)).toEqual([]);
    expect(evidenceItems('text')).toEqual([]);
    expect(evidenceItems([null, 3, { source: 'llm' }, { where: 5, snippet: {} }])).toEqual([]);
  });
});

describe('safeLinkUrl', () => {
  it('lets web links through and refuses scripts, data and relative URLs', () => {
    expect(safeLinkUrl('https://shop.example/p/1')).toBe('https://shop.example/p/1');
    expect(safeLinkUrl('http://shop.example')).toBe('http://shop.example/');
    expect(safeLinkUrl('javascript:window.__z=1')).toBeNull();
    expect(safeLinkUrl(' JavaScript:alert(1)')).toBeNull();
    expect(safeLinkUrl('data:text/html,<script>1</script>')).toBeNull();
    expect(safeLinkUrl('/relative')).toBeNull();
    expect(safeLinkUrl(undefined)).toBeNull();
  });
});
