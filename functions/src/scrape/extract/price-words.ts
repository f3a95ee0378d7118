/**
 * The words the visible-page heuristics look for: names of price elements and page regions in the
 * markup, and the labels and qualifiers printed around a price, in the main European languages (labels
 * and qualifiers also in Chinese, Japanese and Korean). The currency signs come from the price parser.
 */
import { CURRENCY_SIGNS } from './price-parse';

/**
 * The price parser's currency signs and words as one alternation, longest first ('kr.' before 'kr'),
 * matched as written: next to a number, part of a word still counts ('12 złotych' shows 'zł').
 */
const SIGN = [...CURRENCY_SIGNS]
  .sort((a, b) => b.length - a.length)
  .map((sign) => sign.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
/** Three letters, as an ISO 4217 code is written; under the 'i' flag, any three letters. */
const CODE = '[A-Z]{3}';
/** A currency between a qualifier and its number ('from US$', 'statt €'). */
const CURRENCY_BEFORE_NUMBER = `(?:${SIGN}|${CODE})`;
/** Currencies, whole-amount tails and spaces between a number and its qualifier ('12,- €/kg'). */
const CURRENCY_AFTER_NUMBER = String.raw`(?:${SIGN}|${CODE}\b|,-|\.-|\s)*`;

/** A currency in the text right after a bare number ('<b>2320</b> 元'). */
export const ADJACENT_CURRENCY_AFTER = new RegExp(String.raw`^\s?(${CODE}\b|${SIGN}|,-)`, 'i');
/** A currency in the text right before a bare number ('$<span>12</span>'); case-sensitive, so codes in capitals only. */
export const ADJACENT_CURRENCY_BEFORE = new RegExp(String.raw`(${SIGN}|${CODE})\s?$`);

/** Class / id names of a price element. */
export const PRICE_NAME =
  /price|preis|prix|prezzo|precio|preco|preço|cena|cijena|hinta|pris|prijs|fiyat|amount|cost|kaina|hind/i;
/** Class / id names of the current price, within a price name ('sale-price', 'priceCurrent'). */
export const CURRENT_NAME =
  /sale|current|final|now|special|deal|our|offer|actual|selling|promo|buy|main|big|large|primary/i;
/** Class / id names of an element holding one piece of a price ('price-fraction', 'a-price-whole'). */
export const PRICE_PART_NAME = /fraction|whole|decimal|cent|symbol|currency|integer|digit|dec$|int$/;
/** Words in class / id names of a price that is not what the shopper pays for this product now. */
export const OTHER_PRICE_WORDS =
  /\b(?:old|was|strike\w*|crossed|through|regular|list ?price|original|orig|before|compare\w*|rrp|msrp|uvp|retail|reference|prev\w*|streich\w*|durchgestrichen|vorher|statt|barr[eé]?|tachado|barrato|przekre\w*|saving\w*|save|discount\w*|percent\w*|instal\w*|monthly|month|finance|financing|credit|klarna|unit ?price|per ?unit|base ?price|grundpreis|shipping|delivery|postage|threshold|points|reward\w*|coupon\w*|subtotal|minicart|basket|bundle|addon|accessor\w*|warranty|protection)\b/;
/** The subset of those words that name the regular price a sale replaced. */
export const REFERENCE_PRICE_WORDS = /\b(?:old|was|regular|original|orig|before|prev\w*)\b/;
/**
 * Names of a price shown as the one a sale replaced, beside the sale price: the words above, list
 * and recommended prices, compare-at and struck prices, in the main European languages.
 */
export const SALE_REFERENCE_WORDS =
  /\b(?:old|was|regular|original|orig|before|prev\w*|list ?price|listprice|rrp|msrp|uvp|compare ?at|price compare|strike\w*|crossed|streich\w*|durchgestrichen|vorher|statt|barr[eé]?|avant|tachado|antes|barrato|prima|przekre\w*)\b/;
/** The parts of those compounds that name the price a sale replaced ('productOldPrice'). */
export const SALE_REFERENCE_PARTS = /oldprice|wasprice|regularprice|listprice|strikethrough/i;
/** Distinctive parts of names that mark a non-payable price even inside a compound ('fshippingCost'). */
export const OTHER_PRICE_PARTS = new RegExp(
  `shipping|postage|crossed|instal+ment|msrp|${SALE_REFERENCE_PARTS.source}`,
  'i',
);
/** Words in class / id names of regions holding other products, navigation or the cart. */
export const OTHER_REGION_WORDS =
  /\b(?:related|recommend\w*|comparison|compare|similar|carousel|upsell|crosssell|cross ?sell|also|recent\w*|sponsor\w*|advert\w*|ads?|footer|nav|navigation|navbar|menu|breadcrumbs?|reviews?|rating|minicart|mini ?cart|popup|modal|newsletter|banner|slider|swiper\w*|other|listing|tile)\b/;

/** Words just before a price that make it a reference, 'from', saving, threshold or instalment price. */
export const QUALIFIER_BEFORE = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:was|were|rrp|msrp|uvp|statt|vorher|avant|au lieu de|prima|invece di|antes|era|voor|przed|dříve|list price|regular|normal|used|occasions?|gebraucht|usato|usados?|gebruikt|normale|normalpreis|save|you save|saving|ahorra|économisez|sparen|risparmi|from|ab|à partir de|a partir de|desde|vanaf|od|each|monthly|mensual|par mois|pro monat|al mese|financ\p{L}*|instal\p{L}*|rate|shipping|delivery|versand|livraison|spedizione|envío|envio|porto|over|above|über|dès|sopra|más de|minimum|min\.|spend|orders?|bestellwert|free|gratis|gratuit|kostenlos|deposit|coupon|voucher|points?|approx\.?|approximately|circa|ca\.|environ|etwa|ungefähr|aprox\.?|aproximadamente|brez ddv|bez dph|bez dph-u|ohne mwst\.?|exkl\.? mwst\.?|excl\.? vat|ex\.? vat|hors taxes?|sin iva|senza iva|netto|建議售價|原價|定價|市價|參考價|参考价|原价|折價券\p{L}*|優惠券|优惠券|滿|满|每期|分期|정가|\+)\s*(?:\(\d+\))?\s*[:：]?\s*${CURRENCY_BEFORE_NUMBER}?\s*$`,
  'iu',
);
/** The reference-price subset of those labels: the price a sale replaced ('was', 'RRP', 'statt', 'antes'). */
export const REFERENCE_LABEL = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:was|were|rrp|msrp|uvp|statt|vorher|avant|au lieu de|prix barré|prima|invece di|antes|era|van|przed|było|dříve|původně|list(?: price)?|old(?: price)?|alter preis|ancien prix|precio anterior|prezzo precedente|regular(?: price)?|normal(?:ly)?|normalpreis|normale|originally|original price|before|建議售價|原價|定價|市價|原价|通常価格|定価|정가)\s*(?:\(\d+\))?\s*[:：]?\s*${CURRENCY_BEFORE_NUMBER}?\s*$`,
  'iu',
);
/** Words just after a price that make it a unit, instalment, minimum, 'from' or saving amount. */
export const QUALIFIER_AFTER = new RegExp(
  String.raw`^\s*${CURRENCY_AFTER_NUMBER}\s*(?:起|以上|~|～|up\b|or more|o più|ou plus|oder mehr|o más|of meer|lub więcej|\/|per\b|pro\b|par\b|al\b|each|x\b|×|a month|monthly|months?|mois|monat|mese|mes\b|p&p|off\b|rabatt|de réduction|sconto|descuento|korting|taxes? en sus|\(?including|\(?incl\. (?:postage|shipping))`,
  'iu',
);
/** The subset of qualifiers that make a price the low end of the product's own range ('from £9', '30,000원~'). */
export const FROM_BEFORE = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:from|ab|à partir de|a partir de|desde|vanaf|od)\s*(?:\(\d+\))?\s*[:：]?\s*${CURRENCY_BEFORE_NUMBER}?\s*$`,
  'iu',
);
export const FROM_AFTER = new RegExp(
  String.raw`^\s*${CURRENCY_AFTER_NUMBER}\s*(?:起|~|～|up\b|and up|or more|o più|ou plus|oder mehr|o más|of meer|lub więcej)`,
  'iu',
);
/** Offers of used copies only ('Used from £40') are not the product's price; 'New & used from' may be. */
export const USED_WORDS = /used|gebraucht|usato|usados?|gebruikt|occasions?/iu;
export const NEW_WORDS = /(?:^|[^\p{L}])(?:new|neu|nuevo|nuovo|neuf|nieuw|nowy)(?:[^\p{L}]|$)/iu;
/** A spending threshold anywhere in the label ('spend £50 or more', '消費滿額享$590起') is no 'from' price. */
export const THRESHOLD_WORDS = /滿|满|spend|bestellwert|minimum|orders? (?:over|above|from)/iu;

/** A label announcing the price ('Price:', 'Preis', 'Our price', 'Now'). */
export const PRICE_LABEL =
  /(?:price|preis|prix|prezzo|precio|preço|cena|hinta|pris|prijs|fiyat|now|jetzt|maintenant|ora|ahora|nu|teraz|our price|sale price|deal price|特價|特价|售價|售价|價格|价格|価格|가격|판매가|할인가)\s*[:：]?\s*$/i;
