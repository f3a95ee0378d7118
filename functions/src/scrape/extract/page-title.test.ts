import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { findTitleElement, wordsOf } from './page-title';

const titleText = (html: string) => {
  const $ = load(html);
  const el = findTitleElement($);
  return el ? $(el).text().trim() : null;
};

describe('findTitleElement', () => {
  it('takes the heading that matches the page title over a pop-up or promotion heading', () => {
    const html = `<html><head><title>Steel kettle 1.7 l | Shop</title></head><body>
      <div class="modal"><h1>Adding to basket...</h1></div><h1>15% off</h1>
      <main><h1>Steel kettle 1.7 l</h1></main></body></html>`;
    expect(titleText(html)).toBe('Steel kettle 1.7 l');
  });

  it('prefers a matching h1 over a longer matching h2, and uses og:title too', () => {
    const html = `<html><head><meta property="og:title" content="Oak chair, natural, set of 2"></head><body>
      <h2>Oak chair natural set</h2><h1>Oak chair</h1></body></html>`;
    expect(titleText(html)).toBe('Oak chair');
  });

  it('finds a non-h1 name when no h1 names the product', () => {
    const html = `<html><head><title>Oak chair | Shop</title></head><body>
      <h1>Sale</h1><h2 class="name">Oak chair</h2></body></html>`;
    expect(titleText(html)).toBe('Oak chair');
  });

  it('falls back to the first h1 when no heading matches the title', () => {
    const html =
      '<html><head><title>Shop</title></head><body><h1>Oak chair</h1><h1>Pine chair</h1></body></html>';
    expect(titleText(html)).toBe('Oak chair');
    expect(titleText('<html><body><p>No heading</p></body></html>')).toBeNull();
  });

  it('splits scripts written without spaces into character pairs', () => {
    expect(wordsOf('招牌肉乾 - Shop')).toEqual(['招牌', '牌肉', '肉乾', 'shop']);
  });
});
