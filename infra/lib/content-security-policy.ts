/**
 * Same-origin rules for the SPA: everything from this origin, no framing, no plugins, and no
 * `<base>` element (the SPA needs none, and an injected one could redirect its relative URLs).
 * CloudFront sends it on AWS; the local static server sends the same string.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');
