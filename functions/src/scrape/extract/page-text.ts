/**
 * Reading the page as a shopper sees it: the visible text of a node, the text around a price, the
 * class / id names of an element and whether it is struck through.
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { ancestors } from './dom-walk';

/** Elements whose content is never shown as page text. */
const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'head',
  'select',
  'option',
]);

/** The text a reader sees in a node (scripts, styles and templates skipped), cut after about `max` chars. */
export function visibleText(node: AnyNode, max: number): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (node.type !== 'tag') return '';
  const el = node as Element;
  if (isSkipped(el)) return '';
  let text = '';
  for (const child of el.children) {
    text += visibleText(child as AnyNode, max);
    if (text.length > max) break;
  }
  return text;
}

/** True for an element whose content is never shown as page text. */
export function isSkipped(el: Element): boolean {
  return SKIPPED_TAGS.has(el.tagName.toLowerCase());
}

/**
 * The text between the previous number and the price, and between the price and the next number,
 * in the price's parent line: where 'was', 'from', 'per kg' or 'shipping' would qualify it.
 */
export function neighbourhood(
  el: Element,
  priceText: string,
): { before: string; after: string; line: string } {
  let line = '';
  for (const node of [el, ...ancestors(el, 2)]) {
    // Markup is whitespace-heavy: read generously, then judge the collapsed length.
    const text = visibleText(node, 4000).replace(/\s+/g, ' ').trim();
    if (text.length > 160 || !text.includes(priceText)) break;
    line = text;
  }
  const at = line.indexOf(priceText);
  if (at < 0) return { before: '', after: '', line };
  // Measure from the number itself, so words inside the price element ('+£27.02 postage') count too.
  const number = /\d(?:[\d.,'’ ]*\d)?/.exec(priceText);
  const start = at + (number?.index ?? 0);
  const end = start + (number?.[0].length ?? priceText.length);
  const beforeAll = line.slice(0, start);
  const afterAll = line.slice(end);
  const before = beforeAll.slice(lastNumberEnd(beforeAll)).slice(-40);
  const nextDigit = afterAll.search(/\d/);
  const after = (nextDigit >= 0 ? afterAll.slice(0, nextDigit) : afterAll).slice(0, 30);
  return { before, after, line };
}

/** Where the last number before the price ends; a count in brackets ('Used (4) from') is part of the label. */
function lastNumberEnd(text: string): number {
  let end = 0;
  for (const m of text.matchAll(/\(\d+\)|(\d[\d.,]*)/g)) if (m[1]) end = (m.index ?? 0) + m[0].length;
  return end;
}

/**
 * The label of a 'label: value' layout, where the label is a sibling element before the value's
 * container ('<div>Shipping:</div><div><span>£9.99</span></div>').
 */
export function labelBefore(el: Element): string {
  for (const node of [el, ...ancestors(el, 2)]) {
    let sibling = node.prev;
    while (
      sibling &&
      sibling.type !== 'tag' &&
      !(sibling.type === 'text' && (sibling as unknown as { data: string }).data.trim())
    ) {
      sibling = sibling.prev;
    }
    if (sibling) {
      const text = visibleText(sibling as AnyNode, 60)
        .replace(/\s+/g, ' ')
        .trim();
      return text.length <= 40 && !/\d/.test(text) ? text : '';
    }
  }
  return '';
}

/**
 * A struck-through price (del, s, strike, or a line-through style inline or in the page's style
 * sheet by class, on it or close above) is a 'was' price; so is a labelled price whose digits are
 * struck inside it ('Normal: <s>$279.990</s>').
 */
export function isCrossedOut(el: Element, struckClasses: ReadonlySet<string> = new Set()): boolean {
  const struck = (node: Element) => isStrike(node, struckClasses);
  return [el, ...ancestors(el, 3)].some(struck) || hasStruckDigits(el, struck);
}

function isStrike(el: Element, struckClasses: ReadonlySet<string>): boolean {
  const tag = el.tagName.toLowerCase();
  if (tag === 'del' || tag === 's' || tag === 'strike') return true;
  if (/line-through/i.test(el.attribs?.style ?? '')) return true;
  return struckClasses.size > 0 && (el.attribs?.class ?? '').split(/\s+/).some((c) => struckClasses.has(c));
}

/** A rule body that strikes its text ('text-decoration: line-through', 'text-decoration-line: …'). */
const STRIKES = /text-decoration(?:-line)?\s*:[^;]*line-through/i;

/**
 * The class names the page's own style sheets strike through: the class of each selector's last
 * part ('.price .was' strikes 'was'). Rules under a media query count as well.
 */
export function struckClassNames($: CheerioAPI): Set<string> {
  const classes = new Set<string>();
  $('style').each((_, style) => {
    // Split by braces, not one regex over the sheet: shops inline style sheets of hundreds of KB.
    for (const rule of $(style).text().split('}')) {
      const open = rule.lastIndexOf('{');
      if (open < 0 || !STRIKES.test(rule.slice(open + 1))) continue;
      const selectors = rule.slice(0, open).split('{').at(-1) ?? '';
      for (const selector of selectors.split(',')) {
        const last =
          selector
            .trim()
            .split(/[\s>+~]+/)
            .at(-1) ?? '';
        for (const [, name] of last.matchAll(/\.([\w-]+)/g)) if (name) classes.add(name);
      }
    }
  });
  return classes;
}

/** The element holds one number, so a struck descendant with digits in it strikes that number. */
function hasStruckDigits(el: Element, struck: (node: Element) => boolean): boolean {
  return el.children.some(
    (child) =>
      child.type === 'tag' &&
      ((struck(child as Element) && /\d/.test(visibleText(child as AnyNode, 64))) ||
        hasStruckDigits(child as Element, struck)),
  );
}

/** The names an element carries: class, id, itemprop and test ids. */
export function namesOf(el: Element): string {
  const a = el.attribs ?? {};
  return `${a.class ?? ''} ${a.id ?? ''} ${a.itemprop ?? ''} ${a['data-testid'] ?? ''} ${a['data-test'] ?? ''}`;
}

/** Class and id names split into lower-case words: 'priceBlock old-price' → 'price block old price'. */
export function wordsOf(el: Element): string {
  return namesOf(el)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
}

/** Class, id and similar names of an element, as lower-case tokens. */
export function tokensOf(el: Element): string[] {
  return namesOf(el)
    .split(/\s+/)
    .filter((t) => t.length > 1 && t.length < 60)
    .map((t) => t.toLowerCase());
}

/** A short CSS-like name for evidence: 'span#price.a-size-medium.a-color-price'. */
/** Levels of a visible price's locator above its element; an ancestor with an id ends it sooner. */
const LOCATOR_LEVELS = 5;

/**
 * Where a visible price sits, in words that survive small changes to the page: the path of tags and
 * letter-only classes up to the nearest ancestor with an id, and the label before the price with its
 * digits masked ('#product-main > div.buy > span.price | Now'). A person's pin finds the price again by it.
 */
export function elementLocator(el: Element, label: string): string {
  const parts: string[] = [];
  for (const node of [el, ...ancestors(el, LOCATOR_LEVELS)]) {
    const a = node.attribs ?? {};
    const id = a.id && !/\d{3,}/.test(a.id) ? a.id : null;
    if (id) {
      parts.unshift(`#${id}`);
      break;
    }
    const classes = (a.class ?? '').split(/\s+/).filter((c) => /^[a-z_-]+$/i.test(c));
    parts.unshift(
      `${node.tagName.toLowerCase()}${classes
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')}`,
    );
  }
  const words = label
    .replace(/\s+/g, ' ')
    .replace(/\d[\d.,]*/g, '#')
    .trim()
    .slice(-40);
  return `${parts.join(' > ')}${words ? ` | ${words}` : ''}`;
}

export function describeElement(el: Element): string {
  const a = el.attribs ?? {};
  const cls = (a.class ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return `${el.tagName}${a.id ? `#${a.id}` : ''}${cls.map((c) => `.${c}`).join('')}`;
}
