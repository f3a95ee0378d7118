/**
 * Recognises the pages a shop serves instead of the product when it refuses a scraper: a captcha,
 * a bot-protection challenge, an 'access denied' page, an empty shell that needs JavaScript. Such a
 * page is not "no price": staff must hear that the shop blocked us, and no number on it is a price.
 *
 * The signs are general (words people are shown, and the markup of the common protection services),
 * and they are trusted only on a page too short to be a product page, or, for the page title, on a
 * page without any structured product data: a real product page may well mention a captcha (its
 * review form) or load a protection script in the background.
 */
import { type CheerioAPI, load } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import { visibleText } from './page-text';

export type RefusalKind = 'captcha' | 'bot-check' | 'access-denied' | 'javascript';

export interface Refusal {
  readonly kind: RefusalKind;
  /** What staff read on the URL's latest check. */
  readonly message: string;
}

export const REFUSAL_MESSAGES: Readonly<Record<RefusalKind, string>> = {
  captcha: 'Blocked: the shop showed a captcha instead of the product page',
  'bot-check': "Blocked: the shop's bot protection refused the request",
  'access-denied': 'Blocked: the shop denied access to the page',
  javascript: 'Blocked: the page shows nothing without JavaScript',
};

/** Below this much visible text a page cannot be a product page; challenge pages stay far under it. */
const SHORT_PAGE_CHARS = 2_500;
/** An app shell: next to nothing visible, everything left to scripts. */
const SHELL_CHARS = 150;

const TITLE_SIGNS: readonly (readonly [RegExp, RefusalKind])[] = [
  [
    /captcha|robot (check|or human)|are you (a )?(human|robot)|human verification|verify(ing)? (that )?you are (a )?human/i,
    'captcha',
  ],
  [
    /^\s*(just a moment|one more step|checking your browser|please wait|security check|attention required|pardon our interruption)\b|\bsecurity checkpoint\b|\bconnection needs to be verified\b/i,
    'bot-check',
  ],
  [
    /\b(you have been blocked|request (unsuccessful|rejected|blocked)|bot (check|verification|protection)|ddos[- ]guard|too many requests)\b/i,
    'bot-check',
  ],
  [
    /^\s*(error:?\s*)?(403\b.*|forbidden|access (denied|forbidden|blocked)|access to this page has been denied)\s*$/i,
    'access-denied',
  ],
];

const TEXT_SIGNS: readonly (readonly [RegExp, RefusalKind])[] = [
  [
    /\bcaptcha\b|\bverify (that )?you('re| are) (a )?human\b|\b(are you|not) a robot\b|\bpress (and|&) hold\b|\bcharacters you see\b|\bhuman verification\b|\bprove you('re| are) (a )?human\b/i,
    'captcha',
  ],
  [
    /\bchecking (if the site connection is secure|your browser)\b|\bunusual traffic\b|\bautomated (access|requests|queries|traffic|bots?)\b|\b(request|access) (has been|was|is) (blocked|denied|rejected)\b|\byou (have been|were|are) blocked\b|\bincident id\b|\bsuspicious activity\b|\bbot (protection|detection|manager)\b|\brate limit(ed)?\b|\btoo many requests\b|\benable (javascript and )?cookies to continue\b|\bplease enable cookies\b|\bverifying (your browser|(that )?you are (a )?human)\b|\bcomplete the security check\b|\bconnection needs to be verified\b|\brequested url was rejected\b/i,
    'bot-check',
  ],
  [
    /\baccess denied\b|\byou don'?t have permission to access\b|\b403 forbidden\b|\byour access to this site has been limited\b/i,
    'access-denied',
  ],
];

/** Markup of the common bot-protection services' challenge and block pages. */
const MARKUP_SIGNS: readonly (readonly [RegExp, RefusalKind])[] = [
  [
    /captcha-delivery\.com|px-captcha|g-recaptcha|h-captcha|hcaptcha\.com|cf-turnstile|awswaf|aws-waf-token|captcha\.js|perfdrive\.com|arkoselabs\.com|funcaptcha|geetest/i,
    'captcha',
  ],
  [
    /cf_chl_|cf-challenge|challenge-platform\/h\/|_Incapsula_Resource|sec-if-cpt|\/_sec\/cp_challenge|ddos-guard|perimeterx|KPSDK|ak_bmsc_challenge/i,
    'bot-check',
  ],
];

const JAVASCRIPT_NEEDED =
  /\b(enable|turn on|activate|allow|switch on)\b[^.]{0,30}\bjavascript\b|\bjavascript\b[^.]{0,30}\b(disabled|required|must be enabled|is off|not enabled)\b|\brequires? javascript\b/i;

export interface PageSigns {
  /** The page carries schema.org product or offer data. */
  readonly hasStructuredProduct: boolean;
  /** The earlier tiers found a price on the page. */
  readonly priceFound: boolean;
  /** A browser ran the page's scripts already: an empty page is not a shell waiting for them. */
  readonly rendered?: boolean;
}

/** The refusal this page is, or null for a page that is (or may be) the product page. */
export function detectRefusal($: CheerioAPI, html: string, page: PageSigns): Refusal | null {
  const { hasStructuredProduct } = page;
  // A page without <body> (challenge pages are often bare) has its text at the top level.
  const top = $('body').length > 0 ? $('body').toArray() : $.root().children().toArray();
  const text = top
    .map((node) => visibleText(node as AnyNode, SHORT_PAGE_CHARS * 2))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = text.length < SHORT_PAGE_CHARS;
  const title = $('title').first().text().replace(/\s+/g, ' ').trim().slice(0, 200);

  const byTitle = firstMatch(TITLE_SIGNS, title);
  if (byTitle && (short || !hasStructuredProduct)) return refusal(byTitle);
  if (!short || hasStructuredProduct) return null;

  // Below the title, signs say less than a price does: a short page that shows one (with a review
  // form's captcha, say) is taken at its word.
  if (page.priceFound) return null;
  const byText = firstMatch(TEXT_SIGNS, text) ?? firstMatch(MARKUP_SIGNS, html);
  if (byText) return refusal(byText);
  if (text.length < SHELL_CHARS && !page.rendered) {
    const noscript = $('noscript').text().replace(/\s+/g, ' ').slice(0, 2_000);
    if (JAVASCRIPT_NEEDED.test(`${text} ${noscript}`) || $('script').length > 0) return refusal('javascript');
  }
  return null;
}

/**
 * The refusal an error answer's page is (a bot protection's challenge served with 503, a captcha
 * with 403), or null for a shop's own error page ('Not found', 'Back soon').
 */
export function detectRefusalInErrorPage(html: string): Refusal | null {
  return detectRefusal(load(html), html, { hasStructuredProduct: false, priceFound: false });
}

function firstMatch(signs: readonly (readonly [RegExp, RefusalKind])[], text: string): RefusalKind | null {
  if (!text) return null;
  return signs.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

function refusal(kind: RefusalKind): Refusal {
  return { kind, message: REFUSAL_MESSAGES[kind] };
}
