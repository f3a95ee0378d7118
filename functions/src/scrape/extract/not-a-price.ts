/**
 * Context that makes a lone number something other than the product's price: a percentage, a date,
 * a duration, an ordinal, an identifier or a rating, a quantity, a size or unit measure, a unit price,
 * a magnitude ('£1.5k'), a spending threshold or an instalment. The parser abstains on these rather than guess. Word lists cover English, German,
 * French, Spanish, Italian, Dutch, Portuguese and Polish basics; every word matches whole, never
 * inside another word.
 */

/** A regex matching any of `words` as a whole word (letters on neither side), case-insensitive. */
function wordsPattern(words: readonly string[], prefix = '', suffix = ''): RegExp {
  return new RegExp(`${prefix}(?<!\\p{L})(?:${words.join('|')})(?!\\p{L})${suffix}`, 'iu');
}

const MONTHS = [
  'jan(?:uary)?\\.?',
  'feb(?:ruary)?\\.?',
  'march',
  'mar\\.',
  'apr(?:il)?\\.?',
  'may',
  'june?\\.?',
  'july?\\.?',
  'aug(?:ust)?\\.?',
  'sept?(?:ember)?\\.?',
  'oct(?:ober)?\\.?',
  'nov(?:ember)?\\.?',
  'dec(?:ember)?\\.?',
  'januar',
  'februar',
  'märz',
  'mai',
  'juni',
  'juli',
  'oktober',
  'dezember',
  'janvier',
  'février',
  'mars',
  'avril',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
  'gennaio',
  'febbraio',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'settembre',
  'ottobre',
  'dicembre',
  'januari',
  'februari',
  'maart',
  'mei',
  'augustus',
  'janeiro',
  'fevereiro',
  'março',
  'maio',
  'junho',
  'julho',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
  'styczeń',
  'stycznia',
  'luty',
  'lutego',
  'marzec',
  'kwiecień',
  'kwietnia',
  'maj',
  'maja',
  'czerwiec',
  'czerwca',
  'lipiec',
  'lipca',
  'sierpień',
  'sierpnia',
  'wrzesień',
  'września',
  'październik',
  'października',
  'listopad',
  'listopada',
  'grudzień',
  'grudnia',
];
const MONTH_NAME = wordsPattern(MONTHS);
const YEAR = /^(?:19|20)\d\d$/;
/** A duration or time of day after a number without currency: 'in 2 days', '24h', 'by 3pm'. */
const DURATION_AFTER = wordsPattern(
  [
    'days?',
    'd',
    'hours?',
    'hrs?',
    'h',
    'minutes?',
    'mins?',
    'seconds?',
    'secs?',
    'weeks?',
    'wks?',
    'months?',
    'years?',
    'yrs?',
    'am',
    'pm',
    'a\\.m\\.',
    'p\\.m\\.',
    'tage?n?',
    'stunden?',
    'std\\.?',
    'wochen?',
    'monate?n?',
    'jahre?n?',
    'jours?',
    'heures?',
    'semaines?',
    'mois',
    'ans?',
    'días?',
    'horas?',
    'semanas?',
    'meses',
    'años',
    'giorni',
    'ore',
    'settimane',
    'mesi',
    'anni',
    'dagen',
    'uur',
    'weken',
    'maanden',
    'jaar',
    'dias',
    'anos',
    'dni',
    'godzin',
    'tygodni',
    'miesięcy',
    'lat',
  ],
  '^\\s*',
);
/** An ordinal: '1st', '3rd'. */
const ORDINAL_AFTER = /^(?:st|nd|rd|th)(?!\p{L})/iu;
/** A number that names something rather than costs it: 'No. 5', 'SKU 12345', 'v2.0', 'Tel 0800 123'. */
const IDENTIFIER_BEFORE = wordsPattern(
  [
    'no\\.?',
    'nr\\.?',
    'n[°º]',
    'sku',
    'ean',
    'gtin',
    'upc',
    'isbn',
    'mpn',
    'model',
    'modell',
    'ref\\.?',
    'art\\.?(?:-?nr\\.?)?',
    'artikel(?:nummer)?',
    'part',
    'code',
    'tel\\.?',
    'phone',
    'fax',
    'version',
    'v',
  ],
  '',
  '\\s*[:.#]?\\s*$',
);
/** A rating or loyalty points: 'Rated 4.8', '4.8 stars', 'Earn 120 points'. */
const RATING_BEFORE = wordsPattern(['rated', 'rating', 'score', 'bewertung'], '', '\\s*:?\\s*$');
const RATING_AFTER = wordsPattern(
  ['stars?', 'sterne', 'étoiles', 'estrellas', 'points?', 'pts', 'punkte'],
  '^\\s*',
);
/** A number with a leading zero ('0800 123 456', '007') is a code or a phone number, not an amount. */
const LEADING_ZERO = /^0\d/;

/** Counts of things: '3 items', 'Qty: 3', 'pack of 6', '3 Stück', 'Only 2 left'. */
const QUANTITY = wordsPattern([
  'items?',
  'articles?',
  'pcs?\\.?',
  'pieces?',
  'qty\\.?',
  'quantity',
  'pack of',
  'units?',
  'stück',
  'stk\\.?',
  'st\\.',
  'uds?\\.?',
  'unidades?',
  'unid\\.',
  'unités?',
  'pièces?',
  'pezzi',
  'pz\\.?',
  'stuks?',
  'szt\\.?',
  'sztuk\\p{L}*',
  'peças',
  'menge',
  'anzahl',
  'quantité',
  'cantidad',
  'quantità',
  'aantal',
  'quantidade',
  'ilość',
]);
/** Counts right after a number without currency: '6 pack', '3 in stock', '(12 reviews)'; '£9 In stock' is a price. */
const COUNT_AFTER = wordsPattern(
  ['packs?', 'pk', 'in stock', 'left', 'reviews?', 'ratings?', 'sold', 'verkauft', 'vendid[oa]s', 'venduti'],
  '^\\s*',
);
/** A multiplier next to the number: 'x2', '2 x', '2×'. */
const MULTIPLIER_BEFORE = /(?<!\p{L})[x×]\s*$/iu;
const MULTIPLIER_AFTER = /^\s*[x×](?!\p{L})/iu;

const UNITS = [
  'ml',
  'cl',
  'dl',
  'l',
  'ltr',
  'lit(?:er|re)s?',
  'g',
  'gr',
  'grams?',
  'gramm',
  'kg',
  'kilos?',
  'mg',
  'lbs?',
  'oz',
  'fl\\.? ?oz',
  'mm',
  'cm',
  'm',
  'km',
  'm²',
  'inch(?:es)?',
  'zoll',
  'pouces?',
  'pulgadas?',
  'pollici',
  'yd',
  'kb',
  'mb',
  'gb',
  'tb',
  'mah',
  'ah',
  'wh',
  'kwh',
  'w',
  'kw',
  'v',
  'hz',
  'khz',
  'mhz',
  'ghz',
  'px',
  'mp',
  'dpi',
  '°c?',
];
/** A unit straight after the number ('500 ml', '64 GB', '15"'); 'ft' is feet but 'Ft' the forint. */
const UNIT_AFTER = new RegExp(`^\\s*(?:(?:${UNITS.join('|')})(?!\\p{L})|["″])`, 'iu');
const FEET_CASE = /^\s*ft(?!\p{L})/u;
/** 'in' is inches only without a currency; '£12 in store' is a price. */
const INCH_AFTER = /^\s*in(?!\p{L})/iu;
/** Where a currency may stand between the number and what follows it ('12,90 € / kg', '£25+'). */
const NEAR = '^\\s*(?:[^\\s\\d/+]{1,4}\\s*)?';
/** A magnitude after the number ('£1.5k', '€3 Mio.', '$2 million'): a figure, not a shop price as written. */
const MAGNITUDE_AFTER =
  /^\s*(?:k|bn|mn|mio\.?|mrd\.?|tsd\.?|thousand|millions?|billions?|milliards?)(?!\p{L})/iu;
/** A price per unit or period ('£2.50/kg', '€3 per 100 g', '£12/mo'): not the product's price. */
const PER_SOMETHING = new RegExp(
  `${NEAR}(?:/\\s*\\p{L}|(?:per|pro|je|par|por|al|za)\\s+(?:${UNITS.join('|')})(?!\\p{L}))`,
  'iu',
);
/** 'size 42', 'EU 42', 'Größe 38' name a size, not a price. */
const SIZE_BEFORE = wordsPattern(
  [
    'size',
    'gr(?:ö|oe)(?:ß|ss)e',
    'taille',
    'talla',
    'taglia',
    'maat',
    'tamanho',
    'rozmiar',
    'eu',
    'uk',
    'us',
  ],
  '',
  '\\s*[:.]?\\s*$',
);

/** Spending that unlocks something: 'Min. order £20', 'spend £40', 'Mindestbestellwert 20 €'. */
const MINIMUM = wordsPattern([
  'min\\.? order',
  'minimum',
  'mindestbestell\\p{L}*',
  'bestellwert',
  'commande minimum',
  'montant minimum',
  'pedido mínimo',
  'compra mínima',
  'ordine minimo',
  'minimale bestel\\p{L}*',
  'minimaln\\p{L}*',
  'мин\\.?\\s*заказ\\p{L}*',
  'минимальн\\p{L}*\\s+(?:заказ|сумм)\\p{L}*',
  'мін\\.?\\s*замовлення',
  'мінімальн\\p{L}*\\s+замовлення',
  'moq',
  'minimum sipariş',
  'minimáln\\p{L}* objednávk\\p{L}*',
  'minsta order',
  'minimiorder\\p{L}*',
  'spend',
  'dépensez',
  'gasta',
  'spendi',
  'besteed',
]);
/** The same in scripts without spaces between words ('最低注文数', '起订量'). */
const MINIMUM_CJK = /最低注文|最小注文|起订|起訂|最小订购|최소\s*주문/u;
/** What a threshold unlocks or applies to ('Free shipping', 'orders', 'Versand', 'livraison'). */
const THRESHOLD_SUBJECT = wordsPattern([
  'shipping',
  'delivery',
  'postage',
  'p&p',
  'versand\\p{L}*',
  'lieferung',
  'livraison',
  'envío',
  'envio',
  'spedizion\\p{L}*',
  'verzending',
  'bezorging',
  'frete',
  'entrega',
  'dostaw\\p{L}*',
  'wysyłk\\p{L}*',
  'orders',
  'bestellungen',
  'commandes',
  'pedidos',
  'ordini',
  'bestellingen',
  'zamówie\\p{L}*',
  'encomendas',
]);
/** The threshold's preposition right before the amount ('over £50', 'ab 29 €', 'dès 29 €'). */
const THRESHOLD_BEFORE = wordsPattern(
  [
    'over',
    'above',
    'from',
    'more than',
    'ab',
    'über',
    'dès',
    'à partir de',
    'au-delà de',
    'plus de',
    'desde',
    'a partir de',
    'más de',
    'de',
    'da',
    'oltre',
    'sopra',
    'a partire da',
    'vanaf',
    'boven',
    'od',
    'powyżej',
    'acima de',
  ],
  '',
  // An amount's currency may stand between ('over US$ 50', 'ab EUR 29').
  '\\s*(?:\\p{L}{0,2}\\p{Sc}|[A-Z]{3}|kč|zł|kr\\.?|rp|rs\\.?)?\\s*$',
);
/** '£25+' and '£25 or more'; '£12.99 + shipping' adds a cost, it sets no threshold. */
const OR_MORE_AFTER = new RegExp(
  `${NEAR}\\+(?!\\s*\\p{L})|^[^\\d]*?(?:or more|oder mehr|ou plus|o más|o più|of meer|lub więcej|ou mais)`,
  'iu',
);

/** Monthly payments and financing ('£12/month', '12 months at', 'in 4 Raten'). */
const INSTALMENT = wordsPattern([
  'months?',
  'monthly',
  'mo\\.',
  'mois',
  'mensu\\p{L}*',
  'monat\\p{L}*',
  'mes',
  'meses',
  'mese',
  'mesi',
  'maand\\p{L}*',
  'miesi\\p{L}*',
  'mês',
  'instal+ments?',
  'raten',
  'cuotas',
  'rate',
  'raty',
  'prestações',
  'termijnen',
  'financ\\p{L}*',
  'apr',
]);

export interface NumberInText {
  /** The text before the number. */
  readonly before: string;
  /** The number as written. */
  readonly number: string;
  /** The text after the number. */
  readonly after: string;
  /** Whether the text names a currency. */
  readonly hasCurrency: boolean;
}

/** Why the number is not a price ('percentage', 'date', …), or null when nothing says so. */
export function notAPrice({ before, number, after, hasCurrency }: NumberInText): string | null {
  const text = `${before} ${after}`;
  if (/[%％‰]/.test(text)) return 'percentage';
  if (!hasCurrency && (YEAR.test(number) || MONTH_NAME.test(text) || DURATION_AFTER.test(after)))
    return 'date';
  if (ORDINAL_AFTER.test(after) || LEADING_ZERO.test(number)) return 'identifier';
  if (!hasCurrency && IDENTIFIER_BEFORE.test(before)) return 'identifier';
  if (!hasCurrency && (RATING_BEFORE.test(before) || RATING_AFTER.test(after))) return 'rating';
  if (
    QUANTITY.test(text) ||
    (!hasCurrency && COUNT_AFTER.test(after)) ||
    MULTIPLIER_BEFORE.test(before) ||
    MULTIPLIER_AFTER.test(after)
  ) {
    return 'quantity';
  }
  const inches = !hasCurrency && INCH_AFTER.test(after);
  if (UNIT_AFTER.test(after) || FEET_CASE.test(after) || inches || SIZE_BEFORE.test(before)) {
    return 'measure';
  }
  if (PER_SOMETHING.test(after)) return 'unit price';
  if (MAGNITUDE_AFTER.test(after)) return 'magnitude';
  if (
    MINIMUM.test(text) ||
    MINIMUM_CJK.test(text) ||
    (THRESHOLD_SUBJECT.test(text) && (THRESHOLD_BEFORE.test(before) || OR_MORE_AFTER.test(after)))
  ) {
    return 'threshold';
  }
  if (INSTALMENT.test(text)) return 'instalment';
  return null;
}
