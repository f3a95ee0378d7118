// Diverges from decisions.md item 14 (undici) on purpose: undici was ~520 KB of the 1 MB ScrapeUrl bundle.
/**
 * One GET (or POST) over node:http(s) on its own connection, with the guarded DNS lookup, a headers timeout
 * and a body decoded per Content-Encoding under a size cap. Redirects are the caller's business.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { type Duplex, pipeline, type Readable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import {
  brotliDecompressSync,
  constants,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  gunzipSync,
  inflateRawSync,
  inflateSync,
} from 'node:zlib';
import { FetchTimeoutError, PageTooLargeError, ProxyRefusedError } from './fetch-errors';

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
  /** Given, the request goes through this proxy, in a CONNECT tunnel. */
  readonly tunnel?: Tunnel | undefined;
}

/** A proxy the request goes through: an HTTP CONNECT tunnel to the target, then the request in it. */
export interface Tunnel {
  /** The proxy's address: http(s)://host:port. */
  readonly proxy: URL;
  /** `Basic <base64 of user:password>`, or null. Sent to the proxy only. */
  readonly authorization: string | null;
  /** Resolves and checks the proxy's own address. */
  readonly lookup: LookupFunction;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The body decoded per Content-Encoding; PageTooLargeError past `cap` bytes, before or after decoding. */
  read(cap: number): Promise<Uint8Array>;
  /**
   * Hands the body, decoded, to `onChunk` a piece at a time as it arrives (a product feed of up to
   * 200 MB is never held whole); at most `cap` decoded bytes.
   */
  stream(cap: number, onChunk: (chunk: Uint8Array) => void): Promise<void>;
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
    const { body, tunnel } = options;
    // agent: false gives every request a fresh socket, so no pooled connection skips the lookup; a
    // tunnel's request has no agent at all (Node uses `createConnection` only then).
    const req = send(url, {
      method: body === undefined ? 'GET' : 'POST',
      ...(tunnel
        ? { createConnection: throughTunnel(url, tunnel, options) }
        : { agent: false, lookup: options.lookup }),
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
        stream: (cap, onChunk) => streamBody(res, res.headers['content-encoding'], cap, onChunk),
        close: () => req.destroy(),
      });
    });
    req.end(body);
  });
}

/**
 * A connection to `url`'s host through the proxy: CONNECT host:port (with the proxy's credentials),
 * then TLS inside the tunnel for https, checked against the target's own name. Node's request waits
 * for it (a `createConnection` that answers through its callback).
 */
function throughTunnel(url: URL, tunnel: Tunnel, options: HttpGetOptions) {
  return (_: unknown, done: (error: Error | null, socket: Duplex) => void): undefined => {
    openTunnel(url, tunnel, options.signal).then(
      (socket): void => {
        if (url.protocol !== 'https:') {
          done(null, socket);
          return;
        }
        // The certificate is checked against the target's name (or address), as a direct request's is.
        const host = url.hostname.replace(/^\[|\]$/g, '');
        const servername = isIP(host) ? undefined : host;
        done(
          null,
          tlsConnect({
            socket,
            host,
            ...(servername ? { servername } : {}),
            ...(options.ca ? { ca: options.ca } : {}),
          }),
        );
      },
      // Node's request takes the error alone.
      (error: Error) => (done as (error: Error) => void)(error),
    );
  };
}

function openTunnel(url: URL, tunnel: Tunnel, signal: AbortSignal): Promise<Socket> {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const target = `${url.hostname}:${port}`;
  const send = tunnel.proxy.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send({
      agent: false,
      host: tunnel.proxy.hostname.replace(/^\[|\]$/g, ''),
      port: tunnel.proxy.port || (tunnel.proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: target,
      lookup: tunnel.lookup,
      signal,
      headers: {
        host: target,
        ...(tunnel.authorization ? { 'proxy-authorization': tunnel.authorization } : {}),
      },
    });
    req.once('connect', (res: IncomingMessage, socket: Socket) => {
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new ProxyRefusedError(res.statusCode ?? 0));
    });
    // A proxy that answers a CONNECT like any request refuses it.
    req.once('response', (res: IncomingMessage) => {
      res.destroy();
      reject(new ProxyRefusedError(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end();
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

/** The body's codings in the order they are undone; null when one is unknown (the body is taken as sent). */
function codingsOf(encoding: string | undefined): string[] | null {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  return codings.every((c) => ['gzip', 'x-gzip', 'deflate', 'br'].includes(c)) ? codings : null;
}

/** decodeBody's work as the body arrives: each coding undone by a stream, the output counted against `cap`. */
async function streamBody(
  res: IncomingMessage,
  encoding: string | undefined,
  cap: number,
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  const zlib = { finishFlush: constants.Z_SYNC_FLUSH };
  const decoders = (codingsOf(encoding) ?? []).map((coding) =>
    coding === 'br'
      ? createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH })
      : coding === 'deflate'
        ? createInflate(zlib)
        : createGunzip(zlib),
  );
  // A failure anywhere in the chain ends the last stream with it, so the loop below throws it.
  const decoded: Readable =
    decoders.length === 0 ? res : (pipeline([res, ...decoders], () => undefined) as unknown as Readable);
  let total = 0;
  for await (const chunk of decoded as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > cap) {
      res.destroy();
      throw new PageTooLargeError(cap);
    }
    onChunk(chunk);
  }
}

/**
 * Undoes the codings from the last listed to the first. Each step stops at `cap` output bytes, so a
 * small compressed bomb never grows past the cap in memory. Lenient like browsers and curl (a
 * truncated stream yields what arrived); an unknown coding leaves the body as sent, as undici did.
 */
function decodeBody(body: Buffer, encoding: string | undefined, cap: number): Buffer {
  const codings = codingsOf(encoding);
  if (!codings) return body;
  const zlib = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: cap };
  const brotli = { finishFlush: constants.BROTLI_OPERATION_FLUSH, maxOutputLength: cap };
  let out = body;
  for (const coding of codings) {
    try {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, zlib);
      // 'deflate' should carry a zlib header (low nibble 8), but some servers send it raw.
      else if (coding === 'deflate')
        out = ((out[0] ?? 0) & 0x0f) === 8 ? inflateSync(out, zlib) : inflateRawSync(out, zlib);
      else out = brotliDecompressSync(out, brotli);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new PageTooLargeError(cap);
      throw error;
    }
  }
  return out;
}
