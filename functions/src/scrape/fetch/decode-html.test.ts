import { describe, expect, it } from 'vitest';
import { decodeHtml } from './decode-html';

describe('decodeHtml', () => {
  it('uses the charset of the Content-Type header first', () => {
    const bytes = Buffer.from('<p>Preis: 9,99 \u00a4</p>', 'latin1');
    expect(decodeHtml(bytes, 'text/html; charset=ISO-8859-1')).toContain('9,99 ¤');
  });

  it('falls back to the meta charset of a saved page, then to UTF-8', () => {
    const polish = Buffer.concat([
      Buffer.from('<html><head><meta charset="iso-8859-2"></head><body>Cena: 12 z'),
      Buffer.from([0xb3]),
      Buffer.from('</body></html>'),
    ]);
    expect(decodeHtml(polish)).toContain('Cena: 12 zł');
    expect(decodeHtml(Buffer.from('<p>1 299 Kč</p>'))).toContain('1 299 Kč');
  });

  it('ignores a charset label it does not know', () => {
    expect(decodeHtml(Buffer.from('<p>£5</p>'), 'text/html; charset=made-up')).toBe('<p>£5</p>');
  });
});
