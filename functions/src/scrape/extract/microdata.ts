/**
 * Microdata (`itemscope` / `itemprop`) and RDFa (`typeof` / `property`) converted into plain items of
 * the same shape as JSON-LD, so one schema.org reader handles all three.
 */
import type { Cheerio, CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import type { PriceCandidate } from './candidate';
import type { ParseOptions } from './price-parse';
import { offersFromItems } from './schema-org';

type Item = Record<string, unknown>;

interface Syntax {
  readonly scope: string;
  readonly typeAttr: string;
  readonly propAttr: string;
}

const MICRODATA: Syntax = { scope: '[itemscope]', typeAttr: 'itemtype', propAttr: 'itemprop' };
const RDFA: Syntax = { scope: '[typeof]', typeAttr: 'typeof', propAttr: 'property' };
const MAX_PROPS = 5_000;

/** Price candidates from microdata. */
export function extractMicrodata($: CheerioAPI, parse: ParseOptions): PriceCandidate[] {
  return fromSyntax($, MICRODATA, 'microdata', parse);
}

/** Price candidates from RDFa (schema.org vocabulary, with or without the `schema:` prefix). */
export function extractRdfa($: CheerioAPI, parse: ParseOptions): PriceCandidate[] {
  return fromSyntax($, RDFA, 'rdfa', parse);
}

function fromSyntax($: CheerioAPI, syntax: Syntax, source: 'microdata' | 'rdfa', parse: ParseOptions) {
  const items = readItems($, syntax);
  return items.flatMap(({ item, element }) => {
    const where = `${source} ${describe($(element))}`;
    return offersFromItems([item], { source, origin: where, parse });
  });
}

/** Top-level items (those not themselves a property of another item) with their elements. */
function readItems($: CheerioAPI, syntax: Syntax): { item: Item; element: Element }[] {
  const items = new Map<Element, Item>();
  for (const el of elementsOf($(syntax.scope))) {
    items.set(el, { '@type': typeNames($(el).attr(syntax.typeAttr)) });
  }
  if (items.size === 0) return [];
  const nested = new Set<Element>();
  for (const el of elementsOf($(`[${syntax.propAttr}]`)).slice(0, MAX_PROPS)) {
    const owner = ownerScope($, el, syntax);
    const ownerItem = owner ? items.get(owner) : undefined;
    if (!ownerItem) continue;
    const names = propertyNames($(el).attr(syntax.propAttr));
    const ownItem = items.get(el);
    if (ownItem) nested.add(el);
    const value = ownItem ?? propertyValue($(el));
    for (const name of names) {
      const existing = ownerItem[name];
      if (existing === undefined) ownerItem[name] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else ownerItem[name] = [existing, value];
    }
  }
  return [...items.entries()].filter(([el]) => !nested.has(el)).map(([element, item]) => ({ item, element }));
}

/** The nearest enclosing scope, not counting the element itself (its own scope is its value). */
function ownerScope($: CheerioAPI, el: Element, syntax: Syntax): Element | null {
  return elementsOf($(el).parent().closest(syntax.scope))[0] ?? null;
}

/** The element nodes of a selection (script and style elements have their own node types). */
function elementsOf(selection: Cheerio<AnyNode>): Element[] {
  return selection
    .toArray()
    .filter((n): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style');
}

function typeNames(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/\s+/)
    .map((t) => t.replace(/^.*[/:#]/, ''))
    .filter(Boolean);
}

function propertyNames(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/\s+/)
    .map((p) => p.replace(/^.*[/:#]/, ''))
    .filter(Boolean);
}

/** A property's value per the microdata rules: `content` first, then the element's URL or text. */
function propertyValue(el: Cheerio<Element>): string {
  const content = el.attr('content');
  if (content !== undefined) return content.trim();
  const tag = (el.get(0)?.tagName ?? '').toLowerCase();
  const attr =
    tag === 'link' || tag === 'a' ? 'href' : tag === 'time' ? 'datetime' : tag === 'data' ? 'value' : null;
  const fromAttr = attr ? el.attr(attr) : undefined;
  if (fromAttr !== undefined) return fromAttr.trim();
  return el.text().replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** A short CSS-like description of an element for evidence ('div#product.item'). */
function describe(el: Cheerio<AnyNode>): string {
  const node = el.get(0) as Element | undefined;
  if (node?.type !== 'tag') return '(document)';
  const id = el.attr('id');
  const cls = (el.attr('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return `${node.tagName}${id ? `#${id}` : ''}${cls.map((c) => `.${c}`).join('')}`;
}
