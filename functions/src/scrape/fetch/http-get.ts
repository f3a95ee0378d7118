// Diverges from decisions.md item 14 (undici) on purpose: undici was ~520 KB of the 1 MB ScrapeUrl bundle.
/**
 * One GET (or POST) over node:http(s) on its own connection, with the guarded DNS lookup, a headers timeout
 * and a body decoded per Content-Encoding under a size cap. Redirects are the caller's business.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { brotliDecompressSync, constants, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { FetchTimeoutError, PageTooLargeError } from './fetch-errors';

export interface HttpGetOptions {
  /** Resolves and checks the address the socket connects to. */
  readonly lookup: LookupFunction;
  readonly headers: Readonly<Record<string, string>>;
  /** Aborts the request and its body (the whole-fetch deadline). */
  readonly signal: AbortSignal;
  /** From sending the request, connecting included, to the response headers. */
  readonly headersTimeoutMs: number;
  /** https only: the CA certificates to trust instead of Node's public roots (tests). */
  readonly ca?: string | undefined;
  /** Called once the connection to the host is open: when the host sees the request begin. */
  readonly onConnected?: (() => void) | undefined;
  /** Given, the request is a POST carrying it (alert webhooks); else a GET. */
  readonly body?: string | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The body decoded per Content-Encoding; PageTooLargeError past `cap` bytes, before or after decoding. */
  read(cap: number): Promise<Uint8Array>;
  /** Drops the connection; safe to call more than once. */
  close(): void;
}

/**
 * Sends a GET (or, given a body, a POST) and resolves once the response headers arrive.
 *
 * @example const res = await httpGet(new URL('https://shop.example/p/1'), { lookup, headers, signal, headersTimeoutMs: 10_000 });
 */
export function httpGet(url: URL, options: HttpGetOptions): Promise<HttpResponse> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    // agent: false gives every request a fresh socket, so no pooled connection skips the lookup.
    const { body } = options;
    const req = send(url, {
      agent: false,
      method: body === undefined ? 'GET' : 'POST',
      lookup: options.lookup,
      ...(options.ca ? { ca: options.ca } : {}),
      signal: options.signal,
      headers: {
        ...options.headers,
        'accept-encoding': 'gzip, deflate, br',
        ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      },
    });
    const timer = setTimeout(
      () => req.destroy(new FetchTimeoutError(options.headersTimeoutMs)),
      options.headersTimeoutMs,
    );
    const { onConnected } = options;
    if (onConnected)
      req.once('socket', (socket) => {
        if (socket.connecting) socket.once('connect', onConnected);
        else onConnected();
      });
    // 'on', not 'once': the request can also fail after the response has started.
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.once('response', (res: IncomingMessage) => {
      clearTimeout(timer);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        read: async (cap) => decodeBody(await readRaw(res, cap), res.headers['content-encoding'], cap),
        close: () => req.destroy(),
      });
    });
    req.end(body);
  });
}

/** The body as sent, capped too: HTML compressed past the cap decodes larger still. */
async function readRaw(res: IncomingMessage, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > cap) throw new PageTooLargeError(cap);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Undoes the codings from the last listed to the first. Each step stops at `cap` output bytes, so a
 * small compressed bomb never grows past the cap in memory. Lenient like browsers and curl (a
 * truncated stream yields what arrived); an unknown coding leaves the body as sent, as undici did.
 */
function decodeBody(body: Buffer, encoding: string | undefined, cap: number): Buffer {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  const zlib = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: cap };
  const brotli = { finishFlush: constants.BROTLI_OPERATION_FLUSH, maxOutputLength: cap };
  let out = body;
  for (const coding of codings) {
    try {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, zlib);
      // 'deflate' should carry a zlib header (low nibble 8), but some servers send it raw.
      else if (coding === 'deflate')
        out = ((out[0] ?? 0) & 0x0f) === 8 ? inflateSync(out, zlib) : inflateRawSync(out, zlib);
      else if (coding === 'br') out = brotliDecompressSync(out, brotli);
      else return body;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new PageTooLargeError(cap);
      throw error;
    }
  }
  return out;
}
