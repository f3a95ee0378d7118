/** Inline SVG product pictures, so the demo pages need no image files and work offline. */
import { html, raw, type SafeHtml } from '../html';
import type { Glyph } from '../products';

/** Simple line drawings in a 120×120 box; trusted constants, so passed through as markup. */
const DRAWINGS: Readonly<Record<Glyph, string>> = {
  kettle:
    '<path d="M35 40h46l6 52H29z"/><path d="M81 50q18 4 12 26l-8 4"/><path d="M35 40l-12-10"/><rect x="25" y="92" width="66" height="8" rx="3"/>',
  toaster:
    '<rect x="20" y="44" width="80" height="50" rx="12"/><path d="M40 44v-10h14v10M66 44v-10h14v10"/><path d="M100 62h8"/>',
  headphones:
    '<path d="M28 74v-14a32 32 0 0 1 64 0v14"/><rect x="20" y="70" width="16" height="28" rx="6"/><rect x="84" y="70" width="16" height="28" rx="6"/>',
  speaker:
    '<rect x="30" y="28" width="60" height="72" rx="14"/><circle cx="60" cy="74" r="16"/><circle cx="60" cy="44" r="6"/>',
  earbuds:
    '<circle cx="42" cy="52" r="12"/><path d="M42 64v30"/><circle cx="78" cy="52" r="12"/><path d="M78 64v30"/>',
  fan: '<circle cx="60" cy="46" r="30"/><circle cx="60" cy="46" r="5"/><path d="M60 76v30M44 106h32"/>',
  radiator:
    '<path d="M28 36v52M40 36v52M52 36v52M64 36v52M76 36v52M88 36v52"/><path d="M24 88h72M30 96v6M90 96v6"/>',
  lamp: '<path d="M46 98h28M60 98V60l22-22"/><path d="M72 28l22 10-10 14z"/>',
  blender:
    '<path d="M40 24h40l-6 56H46z"/><rect x="40" y="80" width="40" height="20" rx="4"/><path d="M80 36h10v24h-12"/>',
};

/** A product picture drawn in the shop's colour, labelled for screen readers. */
export function productImage(glyph: Glyph, colour: string, label: string, size = 320): SafeHtml {
  return html`<svg class="product-image" role="img" aria-label="${label}" width="${size}" height="${size}" viewBox="0 0 120 120" fill="none" stroke="${colour}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"><rect x="2" y="2" width="116" height="116" rx="10" fill="#f4f5f7" stroke="none"/>${raw(DRAWINGS[glyph])}</svg>`;
}
