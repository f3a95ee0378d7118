import { describe, expect, it } from 'vitest';
import { escapeHtml, html, jsonScript, raw } from './html';

describe('html', () => {
  it('escapes interpolated text for element content and attributes', () => {
    const name = `Zephyr 16" <Fan> & 'Co'`;

    const out = html`<a title="${name}">${name}</a>`.value;

    expect(out).toBe(
      '<a title="Zephyr 16&quot; &lt;Fan&gt; &amp; &#39;Co&#39;">Zephyr 16&quot; &lt;Fan&gt; &amp; &#39;Co&#39;</a>',
    );
  });

  it('passes built markup through once and joins arrays', () => {
    const items = ['A & B', 'C'].map((t) => html`<li>${t}</li>`);

    const out = html`<ul>${items}</ul>${raw('<path d="M0 0"/>')}`.value;

    expect(out).toBe('<ul><li>A &amp; B</li><li>C</li></ul><path d="M0 0"/>');
  });

  it('renders nothing for null, undefined and false, and numbers as text', () => {
    expect(html`[${null}${undefined}${false}${0}${12.5}]`.value).toBe('[012.5]');
  });

  it('escapes every character that could open markup', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});

describe('jsonScript', () => {
  it('keeps a value containing </script> inside the element and readable as JSON', () => {
    const data = { name: '</script><script>alert(1)</script>', shop: 'Hearth & Home' };

    const out = jsonScript(data).value;

    expect(out.indexOf('</script>')).toBe(out.length - '</script>'.length);
    const body = out.replace(/^<script type="application\/ld\+json">/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(body)).toEqual(data);
  });
});
