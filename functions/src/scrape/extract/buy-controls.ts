/**
 * The page's buy controls ('Add to basket', 'Kaufen', 'カートに入れる'): an enabled one says the product
 * can be ordered (stock.ts), and the price beside it is the buy box's (visible-score.ts).
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';
import { visibleText } from './page-text';

/** 'Add to cart', 'buy now' and 'place bid' (an auction is open to buyers) in the main European languages. */
const BUY_PHRASES =
  'add to (?:your |my |the )?(?:shopping )?(?:cart|basket|bag|trolley)|buy now|buy it now|place bid|submit bid|bid now|enchérir|gebot abgeben|pujar|fai un.offerta|in den warenkorb|in den einkaufswagen|jetzt kaufen|ajouter au panier|acheter|añadir al carrito|añadir a la cesta|comprar|aggiungi al carrello|acquista|in winkelwagen|in winkelmand|dodaj do koszyka|kup teraz|do košíku|do kosika|kosárba|adaugă în coș|adauga in cos|lägg i varukorg|læg i kurv|legg i handlekurv|lisää ostoskoriin|ostoskoriin|в корзину|купить|sepete ekle|kosárba tesz|ielikt grozā|į krepšelį|lisa ostukorvi|v košarico|u košaricu|στο καλάθι|do košíka|vložiť do košíka|加入購物車|加入购物车|放入購物車|立即購買|立即购买|カートに入れる|カートに追加|今すぐ購入|바로구매|바로 구매|장바구니 담기|구매하기';
/** The label starts with the phrase ('Add to basket', '+ In den Warenkorb'); 'Where to buy?' is no button. */
const BUY = new RegExp(`^[^\\p{L}]*(?:${BUY_PHRASES})`, 'iu');
/** A form that puts the product in the cart, by its action ('/cart/add', '/warenkorb', '?add-to-cart=12'). */
const CART_ACTION =
  /cart|basket|bag\b|checkout|warenkorb|panier|carrito|cesta|carrello|winkelwagen|winkelmand|koszyk|kosik|košík|kosar|varukorg|kurv|handlekurv|ostoskori|korzina|sepet/i;
/** A buy button says little; long link texts are product names or articles that mention buying. */
const MAX_LABEL_CHARS = 60;

export interface BuyControl {
  readonly el: Element;
  /** A labelled button or link, or a form known by its cart action only. */
  readonly kind: 'button' | 'form';
  /** Neither disabled nor hidden: the shopper can press it now. */
  readonly enabled: boolean;
}

/** Every control labelled as a buy action, and every form whose action adds to a cart, in page order. */
export function buyControls($: CheerioAPI): BuyControl[] {
  const controls: BuyControl[] = [];
  $('button, input[type="submit"], input[type="button"], input[type="image"], a, [role="button"]').each(
    (_, el) => {
      const node = $(el);
      const text = visibleText(el, MAX_LABEL_CHARS * 4)
        .replace(/\s+/g, ' ')
        .trim();
      if (text.length > MAX_LABEL_CHARS) return;
      const labels = [text, node.attr('value'), node.attr('aria-label'), node.attr('alt')];
      if (!labels.some((label) => label && BUY.test(label.trim().slice(0, 100)))) return;
      const enabled = !(
        node.is('[disabled], [aria-disabled="true"]') ||
        node.closest('[hidden], [style*="display:none"], [style*="display: none"]').length
      );
      controls.push({ el, kind: 'button', enabled });
    },
  );
  $('form[action]').each((_, el) => {
    if (CART_ACTION.test($(el).attr('action') ?? '')) controls.push({ el, kind: 'form', enabled: true });
  });
  return controls;
}
