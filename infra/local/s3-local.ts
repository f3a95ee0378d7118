import { once } from 'node:events';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

export interface LocalS3 {
  /** S3_ENDPOINT for the functions (path-style: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

export interface LocalS3Options {
  bucket: string;
  /** Where objects persist (`<dir>/<key>`); undefined keeps them in memory. */
  dir?: string;
  host?: string;
  port?: number;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** Where the objects live: files under a directory, or a map in memory. */
interface ObjectStore {
  get(key: string): Promise<StoredObject | undefined>;
  put(key: string, object: StoredObject): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * S3's stand-in for the one data bucket: PutObject, GetObject, HeadObject and DeleteObject over
 * path-style REST, as the functions' real S3 client sends them (the SDK's streaming `aws-chunked`
 * bodies included), presigned GET links (their expiry and response-content-* overrides) and
 * presigned POST forms (their policy), with the CORS a browser's upload needs.
 * Credentials are not checked, as for the other stand-ins. Objects are kept as
 * files below `dir`, so a run's items survive a restart as the table does.
 */
export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  const store = options.dir ? fileStore(options.dir) : memoryStore();
  const server = createServer((req, res) => {
    answer(req, res, options.bucket, store).catch((error: unknown) =>
      sendError(res, 500, 'InternalError', (error as Error).message),
    );
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${options.host ?? '127.0.0.1'}:${port}`,
    bucket: options.bucket,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, bucket: string, store: ObjectStore) {
  const url = new URL(req.url ?? '/', 'http://s3.local');
  const [first, ...rest] = url.pathname.slice(1).split('/');
  if (decodeURIComponent(first ?? '') !== bucket)
    return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
  // The browser sends uploads with a form from another origin, as it may to the data bucket (decision 69).
  res.setHeader('access-control-allow-origin', '*');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
      'access-control-max-age': '3000',
    });
    return res.end();
  }
  if (req.method === 'POST' && rest.join('') === '') return postObject(req, res, store);
  const key = rest.map(decodeURIComponent).join('/');
  if (!isSafeKey(key)) return sendError(res, 400, 'InvalidArgument', 'Unsupported object key');
  switch (req.method) {
    case 'PUT': {
      const body = await readBody(req);
      await store.put(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
      });
      res.writeHead(200, { etag: etagOf(body) });
      return res.end();
    }
    case 'GET':
    case 'HEAD': {
      if (hasExpired(url.searchParams))
        return sendError(res, 403, 'AccessDenied', 'Request has expired', req.method);
      const object = await store.get(key);
      if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', req.method);
      // A presigned link names how the answer is served (a download's file name), as S3 honours it.
      const disposition = url.searchParams.get('response-content-disposition');
      res.writeHead(200, {
        'content-type': url.searchParams.get('response-content-type') ?? object.contentType,
        'content-length': object.body.length,
        etag: etagOf(object.body),
        ...(disposition ? { 'content-disposition': disposition } : {}),
      });
      return res.end(req.method === 'GET' ? object.body : undefined);
    }
    case 'DELETE':
      await store.delete(key);
      res.writeHead(204);
      return res.end();
    default:
      return sendError(res, 405, 'MethodNotAllowed', `${req.method} is not supported locally`);
  }
}

/**
 * A presigned POST (an upload form): the form's policy decides what may be stored, as S3 checks it:
 * not expired, every condition met (`{ field: value }`, `eq`, `starts-with`, `content-length-range`)
 * and no form field it does not name. Its signature is not checked, as no credentials are here.
 */
async function postObject(req: IncomingMessage, res: ServerResponse, store: ObjectStore) {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data/i.test(type))
    return sendError(
      res,
      412,
      'PreconditionFailed',
      'Bucket POST must be of the enclosure-type multipart/form-data',
    );
  let form: FormData;
  try {
    form = await new Request('http://s3.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(await readBody(req)),
    }).formData();
  } catch {
    return sendError(
      res,
      400,
      'MalformedPOSTRequest',
      'The body of your POST request is not well-formed multipart/form-data.',
    );
  }
  const file = form.get('file');
  if (!(file instanceof Blob))
    return sendError(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const fields = new Map<string, string>();
  form.forEach((value, name) => {
    if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  });
  const refusal = policyRefusal(fields, file.size);
  if (refusal) return sendError(res, refusal.status, refusal.code, refusal.message);
  const key = fields.get('key') ?? '';
  if (!isSafeKey(key)) return sendError(res, 400, 'InvalidArgument', 'Unsupported object key');
  await store.put(key, {
    body: Buffer.from(await file.arrayBuffer()),
    contentType: fields.get('content-type') ?? 'application/octet-stream',
  });
  res.writeHead(204);
  return res.end();
}

type PolicyCondition = Record<string, string> | [string, string | number, string | number];

/** Why the form's policy refuses it, as S3 words it; undefined when it allows it. */
function policyRefusal(
  fields: ReadonlyMap<string, string>,
  size: number,
  now = Date.now(),
): { status: number; code: string; message: string } | undefined {
  const denied = (why: string) => ({
    status: 403,
    code: 'AccessDenied',
    message: `Invalid according to Policy: ${why}`,
  });
  let policy: { expiration?: string; conditions?: PolicyCondition[] };
  try {
    policy = JSON.parse(Buffer.from(fields.get('policy') ?? '', 'base64').toString('utf8'));
  } catch {
    return denied('Policy could not be read');
  }
  if (!policy.expiration || !(Date.parse(policy.expiration) > now)) return denied('Policy expired.');
  const named = new Set(['policy', 'x-amz-signature', 'file', 'bucket']);
  for (const condition of policy.conditions ?? []) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (name.toLowerCase() !== 'bucket' && fields.get(name.toLowerCase()) !== value)
          return denied(`Policy Condition failed: ["eq", "$${name}", "${value}"]`);
      }
      continue;
    }
    const [operator, first, second] = condition;
    if (operator === 'content-length-range') {
      if (size > Number(second))
        return {
          status: 400,
          code: 'EntityTooLarge',
          message: 'Your proposed upload exceeds the maximum allowed size',
        };
      if (size < Number(first))
        return {
          status: 400,
          code: 'EntityTooSmall',
          message: 'Your proposed upload is smaller than the minimum allowed size',
        };
      continue;
    }
    const name = String(first).replace(/^\$/, '').toLowerCase();
    named.add(name);
    const value = fields.get(name) ?? '';
    const holds =
      operator === 'eq' ? value === second : operator === 'starts-with' && value.startsWith(String(second));
    if (!holds) return denied(`Policy Condition failed: ["${operator}", "${first}", "${second}"]`);
  }
  const extra = [...fields.keys()].filter((name) => !named.has(name));
  return extra.length > 0 ? denied(`Extra input fields: ${extra.join(', ')}`) : undefined;
}

/**
 * Whether a presigned link (`X-Amz-Date` + `X-Amz-Expires` seconds) is past its time. Its signature
 * is not checked, as no credentials are here.
 */
function hasExpired(query: URLSearchParams, now = Date.now()): boolean {
  const signedAt = query.get('X-Amz-Date');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!signedAt || !Number.isFinite(expires)) return false;
  const at = Date.parse(
    signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  return Number.isNaN(at) || now > at + expires * 1000;
}

/** Keys become paths below the store's directory: no empty, `.` or `..` segment may climb out. */
function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 1024 &&
    key.split('/').every((part) => part && part !== '.' && part !== '..')
  );
}

/**
 * The request's body, unwrapped from `aws-chunked` framing when the SDK streamed it (chunks of
 * `<hex size>[;extensions]\r\n<data>\r\n`, a zero-size chunk, then trailing checksum headers).
 */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const chunked =
    String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ||
    String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
  return chunked ? unchunk(raw) : raw;
}

export function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('Malformed aws-chunked body');
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error('Malformed aws-chunked body');
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

const etagOf = (body: Buffer) => `"${body.length.toString(16)}-${hashOf(body)}"`;

function hashOf(body: Buffer): string {
  let hash = 0;
  for (const byte of body) hash = (hash * 31 + byte) >>> 0;
  return hash.toString(16);
}

function sendError(res: ServerResponse, status: number, code: string, message: string, method?: string) {
  if (res.headersSent) return void res.destroy();
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(method === 'HEAD' ? undefined : xml);
}

function memoryStore(): ObjectStore {
  const objects = new Map<string, StoredObject>();
  return {
    get: async (key) => objects.get(key),
    put: async (key, object) => void objects.set(key, object),
    delete: async (key) => void objects.delete(key),
  };
}

/** Each object as two files: its body at `<dir>/objects/<key>`, its content type at `<dir>/types/<key>`. */
function fileStore(dir: string): ObjectStore {
  const bodyOf = (key: string) => join(dir, 'objects', ...key.split('/'));
  const typeOf = (key: string) => join(dir, 'types', ...key.split('/'));
  const write = async (path: string, data: Buffer | string) => {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, data, { mode: 0o600 });
  };
  return {
    async get(key) {
      const exists = await stat(bodyOf(key)).then(
        (found) => found.isFile(),
        () => false,
      );
      if (!exists) return undefined;
      const [body, contentType] = await Promise.all([
        readFile(bodyOf(key)),
        readFile(typeOf(key), 'utf8').catch(() => 'application/octet-stream'),
      ]);
      return { body, contentType };
    },
    async put(key, object) {
      await write(bodyOf(key), object.body);
      await write(typeOf(key), object.contentType);
    },
    async delete(key) {
      await rm(bodyOf(key), { force: true });
      await rm(typeOf(key), { force: true });
    },
  };
}
