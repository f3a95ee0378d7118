import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy } from '../lib/content-security-policy';
import { webDistDir } from './paths';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The same security headers CloudFront adds in front of the deployed SPA; the S3 stand-in as the data bucket. */
export const securityHeaders = (s3Endpoint: string) => ({
  'content-security-policy': contentSecurityPolicy(new URL(s3Endpoint).origin),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
});

/**
 * S3 + CloudFront's stand-in: files from web/dist, and index.html for any other path so the
 * SPA's client-side routes load directly.
 */
export function serveSpa(req: IncomingMessage, res: ServerResponse, s3Endpoint: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  const file = normalize(join(webDistDir, path));
  const inside = file.startsWith(webDistDir) || `${file}${sep}` === webDistDir;
  const isFile = inside && existsSync(file) && statSync(file).isFile() && !path.endsWith('/.build-hash');
  const target = isFile ? file : join(webDistDir, 'index.html');
  const hashedAsset = isFile && path.startsWith('/assets/');
  res.writeHead(200, {
    ...securityHeaders(s3Endpoint),
    'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(target)
    .on('error', () => res.destroy()) // e.g. the SPA being rebuilt under us: fail this one request, not the server
    .pipe(res);
}
