/**
 * Decodes HTML bytes with the charset from the Content-Type header, else from a meta tag near the
 * top, else UTF-8. Also used for saved pages (no header).
 */
export function decodeHtml(bytes: Uint8Array, contentType = ''): string {
  const fromHeader = /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const fromMeta = /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // unknown label: try the next
    }
  }
  return new TextDecoder().decode(bytes);
}
