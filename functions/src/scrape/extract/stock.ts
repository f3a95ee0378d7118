/**
 * Stock from the visible page: an enabled buy button means orderable, a sold-out text means not.
 * When the page says both or neither, the answer is 'unknown': we never guess 'in stock'.
 */
import type { Cheerio, CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { buyControls } from './buy-controls';
import type { Stock } from './candidate';

/** 'Out of stock' and 'sold out' in the main European languages. */
const SOLD_OUT_PHRASES =
  'out of stock|sold out|currently unavailable|no longer available|not available|temporarily unavailable|ausverkauft|nicht (?:mehr )?verfügbar|nicht lieferbar|derzeit nicht|rupture de stock|épuisé|epuise|indisponible|non disponible|agotado|sin stock|no disponible|esaurito|non disponibile|uitverkocht|niet (?:meer )?(?:leverbaar|beschikbaar)|niedostępny|wyprzedany|brak w magazynie|vyprodáno|nedostupné|není skladem|slutsåld|slutsålt|ikke på lager|udsolgt|utsolgt|loppuunmyyty|nincs készleten|stoc epuizat|indisponibil|нет в наличии|tükendi|stokta yok|esgotado|indisponível';
/** 'Currently' and its kin may precede the notice ('Actuellement indisponible'). */
const NOW_WORDS =
  '(?:currently|actuellement|derzeit|momentan|attualmente|actualmente|temporarily|temporairement|vorübergehend|momentaneamente|chwilowo|tijdelijk)';
/**
 * A sold-out notice is the whole text of its element, perhaps after a label ('Availability: Sold
 * out'); a sentence that merely contains the words ('Delivery is not available for this item') is not.
 */
const SOLD_OUT = new RegExp(
  `^(?:[\\p{L} ]{0,24}:\\s*)?(?:${NOW_WORDS}\\s+)?(?:${SOLD_OUT_PHRASES})[.!]?(?:\\s+online)?$`,
  'iu',
);

/** 'In stock' and 'available' notices in the main European languages. */
const IN_STOCK_PHRASES =
  'in stock|available|available online|ready to ship|auf lager|lieferbar|sofort lieferbar|vorrätig|verfügbar|sofort verfügbar|en stock|disponible|en existencia|disponibile|disponibilità immediata|in magazzino|op voorraad|in voorraad|leverbaar|direct leverbaar|dostępny|w magazynie|na stanie|skladem|na skladě|na sklade|skladom|na zalogi|dobavljivo|na voljo|na stanju|dostupno|i lager|finns i lager|på lager|varastossa|raktáron|készleten|în stoc|in stoc|em estoque|em stock|disponível|в наличии|есть в наличии|stokta|stokta var';
/**
 * An in-stock notice is the whole text of its element, perhaps after a label ('Availability: In
 * stock') or a count ('3 in stock'); 'Available colours' or 'in stock soon' are not.
 */
const IN_STOCK = new RegExp(`^(?:[\\p{L} ]{0,24}:\\s*)?(?:\\d+\\s+)?(?:${IN_STOCK_PHRASES})[.!]?$`, 'iu');
/** Look-alike rows and items: a stock notice inside one speaks for that seller or variant. */
const MIN_LIST_SIBLINGS = 2;
const LIST_DEPTH = 6;
/** Notices are short; longer texts are policies, help or descriptions. */
const MAX_NOTICE_CHARS = 60;

/** Stock as the visible page shows it. */
export function visibleStock($: CheerioAPI): Stock {
  const buy = buyControls($).some((control) => control.kind === 'button' && control.enabled);
  const notices = noticesShown($);
  const inStock = buy || notices.inStock;
  if (inStock && !notices.soldOut) return 'in_stock';
  if (notices.soldOut && !inStock) return 'out_of_stock';
  return 'unknown';
}

/** Elements whose content a reader never sees as a notice. */
const UNSEEN_TAGS = new Set(['script', 'style', 'noscript', 'template', 'option', 'head']);

/**
 * Sold-out and in-stock notices in short, visible elements (long blocks are policy or help texts)
 * that speak for the page, not for one row of a list of sellers or variants. One walk for both,
 * building each element's text from its children's so the page is read once.
 */
function noticesShown($: CheerioAPI): { soldOut: boolean; inStock: boolean } {
  const shown = { soldOut: false, inStock: false };
  const walk = (node: AnyNode): string | null => {
    if (node.type === 'text') return (node as unknown as { data: string }).data;
    if (node.type !== 'tag') return '';
    const el = node as Element;
    if (UNSEEN_TAGS.has(el.tagName.toLowerCase()) || isHidden(el)) return '';
    let text: string | null = '';
    let elements = 0;
    for (const child of el.children) {
      const part = walk(child as AnyNode);
      if (child.type === 'tag') elements++;
      text = part === null || text === null ? null : text + part;
      if (text !== null && text.length > MAX_NOTICE_CHARS * 4) text = null;
    }
    if (text === null) return null;
    const flat = text.replace(/\s+/g, ' ').trim();
    if (flat.length > MAX_NOTICE_CHARS || elements > 3) return text;
    const soldOut = !shown.soldOut && SOLD_OUT.test(flat);
    const inStock = !shown.inStock && !soldOut && IN_STOCK.test(flat);
    if ((soldOut || inStock) && !inListItem($, $(el))) {
      if (soldOut) shown.soldOut = true;
      else shown.inStock = true;
    }
    return text;
  };
  const body = $('body').get(0);
  if (body) walk(body);
  return shown;
}

function isHidden(el: Element): boolean {
  const a = el.attribs ?? {};
  return (
    a.hidden !== undefined ||
    /display:\s*none/i.test(a.style ?? '') ||
    /(?:^|\s)(?:hidden|hide|d-none)(?:\s|$)/.test(a.class ?? '')
  );
}

/**
 * True inside a row or item of a list of look-alike rows or items that link elsewhere (a price
 * comparison's table of shops, a variant or product list): its notice is about that item.
 */
function inListItem($: CheerioAPI, node: Cheerio<Element>): boolean {
  for (const item of node.parents().slice(0, LIST_DEPTH).toArray()) {
    const tag = item.tagName.toLowerCase();
    if (tag !== 'li' && tag !== 'tr') continue;
    const siblings = (item.parent?.children ?? []).filter(
      (c) => c.type === 'tag' && (c as Element).tagName.toLowerCase() === tag,
    );
    if (siblings.length >= MIN_LIST_SIBLINGS && $(item).find('a[href]').length > 0) return true;
  }
  return false;
}
