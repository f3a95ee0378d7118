/**
 * Visual prominence a page states in its markup: the price a shop wants seen is set in large type.
 * Only inline styles and legacy size attributes are read (no CSS is applied), so this is a weak
 * signal that adds to the others, never one that decides alone.
 */
import type { Element } from 'domhandler';
import { ancestors } from './dom-walk';

/** Body text is 12–16 px; a price at 20 px or more is set apart on purpose. */
const LARGE_PX = 20;
const PX_PER_UNIT: Readonly<Record<string, number>> = { px: 1, pt: 4 / 3, em: 16, rem: 16 };
/** `<font size="5">` and up is 24 px or more. */
const LARGE_FONT_SIZE_ATTR = 5;

/** True when the element or one of its two nearest ancestors sets its text in large type. */
export function largeType(el: Element): boolean {
  return [el, ...ancestors(el, 2)].some((node) => fontSizePx(node) >= LARGE_PX);
}

/** The font size an element's inline style or `size` attribute sets, in px (0 when it sets none). */
function fontSizePx(el: Element): number {
  const style = el.attribs?.style ?? '';
  // 'font-size: 27px' or the shorthand 'font: bold 27px Verdana'.
  const m = /font(?:-size)?\s*:[^;]*?(\d+(?:\.\d+)?)(px|pt|r?em)\b/i.exec(style);
  if (m?.[1] && m[2]) return Number(m[1]) * (PX_PER_UNIT[m[2].toLowerCase()] ?? 0);
  if (el.tagName.toLowerCase() === 'font') {
    const size = Number(el.attribs?.size);
    if (Number.isFinite(size) && size >= LARGE_FONT_SIZE_ATTR) return LARGE_PX;
  }
  return 0;
}
