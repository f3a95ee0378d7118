/**
 * Stock from the visible page: an enabled buy button means orderable, a sold-out text means not.
 * When the page says both or neither, the answer is 'unknown': we never guess 'in stock'.
 */
import type { CheerioAPI } from 'cheerio';
import type { Stock } from './candidate';

/** 'Add to cart', 'buy now' and 'place bid' (an auction is open to buyers) in the main European languages. */
const BUY_PHRASES =
  'add to (?:your |my |the )?(?:shopping )?(?:cart|basket|bag|trolley)|buy now|buy it now|place bid|submit bid|bid now|enchérir|gebot abgeben|pujar|fai un.offerta|in den warenkorb|in den einkaufswagen|jetzt kaufen|ajouter au panier|acheter|añadir al carrito|añadir a la cesta|comprar|aggiungi al carrello|acquista|in winkelwagen|in winkelmand|dodaj do koszyka|kup teraz|do košíku|do kosika|kosárba|adaugă în coș|adauga in cos|lägg i varukorg|læg i kurv|legg i handlekurv|lisää ostoskoriin|ostoskoriin|в корзину|купить|sepete ekle|kosárba tesz|ielikt grozā|į krepšelį|lisa ostukorvi|v košarico|u košaricu|στο καλάθι';
/** The label starts with the phrase ('Add to basket', '+ In den Warenkorb'); 'Where to buy?' is no button. */
const BUY = new RegExp(`^[^\\p{L}]*(?:${BUY_PHRASES})`, 'iu');
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

/** Stock as the visible page shows it. */
export function visibleStock($: CheerioAPI): Stock {
  let buy = false;
  $('button, input[type="submit"], input[type="button"], input[type="image"], a, [role="button"]').each(
    (_, el) => {
      const node = $(el);
      if (
        node.is('[disabled], [aria-disabled="true"]') ||
        node.closest('[hidden], [style*="display:none"], [style*="display: none"]').length
      ) {
        return;
      }
      const text = node.text().replace(/\s+/g, ' ').trim();
      // A buy button says little; long link texts are product names or articles that mention buying.
      if (text.length > 60) return;
      const labels = [text, node.attr('value'), node.attr('aria-label'), node.attr('alt')];
      if (labels.some((label) => label && BUY.test(label.trim().slice(0, 100)))) {
        buy = true;
        return false;
      }
      return undefined;
    },
  );
  const soldOut = soldOutShown($);
  if (buy && !soldOut) return 'in_stock';
  if (soldOut && !buy) return 'out_of_stock';
  return 'unknown';
}

/** A sold-out phrase in a short, visible element (long blocks are policy or help texts). */
function soldOutShown($: CheerioAPI): boolean {
  let found = false;
  $('body *').each((_, el) => {
    const node = $(el);
    if (node.is('script, style, noscript, template, option') || node.children().length > 3) return;
    const text = node.text().replace(/\s+/g, ' ').trim();
    if (text.length > 60 || !SOLD_OUT.test(text)) return;
    if (
      node.closest('[hidden], [style*="display:none"], [style*="display: none"], .hidden, .hide, .d-none')
        .length
    )
      return;
    found = true;
    return false;
  });
  return found;
}
