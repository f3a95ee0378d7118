import { load } from 'cheerio/slim';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { largeType } from './prominence';

const priceEl = (html: string) => load(`<div>${html}</div>`)('#p').get(0) as Element;

describe('largeType', () => {
  it.each([
    ['<span id="p" style="font-size: 24px">£9</span>'],
    ['<span id="p" style="font:bold 27px Verdana;color:#f00">£9</span>'],
    ['<div style="font-size:1.5em"><span id="p">£9</span></div>'],
    ['<font size="5"><span id="p">£9</span></font>'],
  ])('sees large type on the price or just above it: %s', (html) => {
    expect(largeType(priceEl(html))).toBe(true);
  });

  it.each([
    ['<span id="p">£9</span>'],
    ['<span id="p" style="font-size: 14px; line-height: 30px">£9</span>'],
    ['<div style="font-size: 30px"><div><div><span id="p">£9</span></div></div></div>'],
  ])('sees ordinary or distant type as not large: %s', (html) => {
    expect(largeType(priceEl(html))).toBe(false);
  });
});
