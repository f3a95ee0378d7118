/**
 * Same-origin rules for the SPA: everything from this origin, no framing, no plugins, and no
 * `<base>` element (the SPA needs none, and an injected one could redirect its relative URLs). The
 * one other address it may send to is the data bucket's, where a large import file goes with its
 * upload form (decision 69). CloudFront sends it on AWS; the local static server sends the same.
 * @example contentSecurityPolicy('https://bucket.s3.eu-west-2.amazonaws.com')
 */
export function contentSecurityPolicy(dataBucketOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${dataBucketOrigin}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}
