/**
 * Safe HTML building for the demo shop: every interpolated value is escaped unless it is already
 * markup built here, so product names like 'Hearth & Home' can never break a page.
 */

/** Markup that is already escaped; only `html`, `raw` and `jsonScript` create it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolated = SafeHtml | string | number | null | undefined | false | readonly Interpolated[];

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template that escapes its values; arrays are joined, and null, undefined and false render
 * nothing, so optional fragments read naturally.
 *
 * @example html`<h1 title="${name}">${name}</h1>` // name 'A & B' → <h1 title="A &amp; B">A &amp; B</h1>
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup written in this folder (inline SVG paths), passed through unchanged. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * A JSON-LD script element. '<' is written as \u003c so a value containing '</script>' cannot end
 * the element early; JSON parsers read the escape back as '<'.
 */
export function jsonScript(data: unknown): SafeHtml {
  const json = JSON.stringify(data, null, 2).replace(/</g, '\\u003c');
  return new SafeHtml(`<script type="application/ld+json">\n${json}\n</script>`);
}
