import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ApiError,
  type Contract,
  type Reply,
  type RouteArguments,
  type RouteId,
  routeRequest,
  type ScraperLog,
  type ScraperStatus,
  type SentRequest,
} from '@cmp/shared';
import { LOCAL_TABLE_NAME } from '../../local/local-env';
import { type LocalStack, type LocalStackOptions, startLocalStack } from '../../local/stack';
import { checkAgainstContract } from './contract-check';

/**
 * What test stacks run with that no deployment can (config.ts HostOnlySettings): cheap password
 * hashes, and 50 ms between requests to one fixture shop instead of 1 s. A test of politeness
 * passes `hostOnly: REAL_PACE` to keep the real spacing.
 */
export const TEST_HOST_SETTINGS = { weakPasswordHashingForTests: true, hostSpacingMsForTests: 50 } as const;
export const REAL_PACE = { weakPasswordHashingForTests: true } as const;
/**
 * For stacks over the demo shop: its slow page times out (as the demo promises) after 2 s instead of
 * the scraper's 10 s wait for headers, so a run over the demo takes seconds.
 */
export const DEMO_HOST_SETTINGS = { ...TEST_HOST_SETTINGS, fetchHeadersTimeoutMsForTests: 2_000 } as const;

export const ADMIN = { email: 'admin@example.com', username: 'admin', password: 'correct-horse-battery' };

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * An answer's body as a test reads it: the route's success body, or on a refusal the shared error's
 * `error` and `fields` (every answer has been checked against the contract, so it is one of them).
 */
export type Answer<Id extends RouteId> = Reply<Id> & Partial<Pick<ApiError, 'error' | 'fields'>>;

/** What a test adds to a route's request: who asks, and any header of its own. */
export interface Caller {
  token?: string;
  headers?: Record<string, string>;
}

/** A route with a multipart body: the CSV imports. */
export type UploadRouteId = {
  [Id in RouteId]: Contract[Id]['request'] extends { multipart: unknown } ? Id : never;
}[RouteId];

export interface TestStack extends LocalStack {
  /**
   * Real HTTP to the stack's API, the route named by its contract id and its request typed by the
   * contract's schemas; a CSV download's text (BOM included) is its body. Every answer is checked
   * against the contract.
   * @example await stack.api('PUT /api/products/{id}', { token, params: { id: 7 }, body: input })
   */
  api<Id extends RouteId>(id: Id, ...request: RouteArguments<Id, Caller>): Promise<ApiResponse<Answer<Id>>>;
  /**
   * The same over any method, path and body, for requests the contract refuses (malformed JSON, a
   * field of another type, an unknown route): the answer is still checked against the contract.
   */
  send<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: Caller & { body?: unknown },
  ): Promise<ApiResponse<T>>;
  /** Signs in and returns the bearer token. */
  login(email?: string, password?: string): Promise<string>;
  /** Uploads a file as multipart/form-data (field `file`), as the import dialogs do; checked like `api`. */
  upload<Id extends UploadRouteId>(
    id: Id,
    token: string,
    file: { name: string; content: string | Uint8Array; type?: string },
  ): Promise<ApiResponse<Answer<Id>>>;
  /** Every item in the table, straight from DynamoDB (for "nothing is left" checks). */
  scanTable(): Promise<Record<string, unknown>[]>;
  /** Counts the DynamoDB requests `action` makes. */
  countDynamoRequests(action: () => Promise<unknown>): Promise<number>;
  /** GET /api/scraper/status, as the control panel reads it. */
  scraperStatus(token: string): Promise<ScraperStatus>;
  /** GET /api/scraper/logs?limit=10: the latest runs, newest first. */
  scraperLogs(token: string): Promise<ScraperLog[]>;
}

/**
 * A local stack for one test file: in-memory dynalite, a free loopback port, a known admin. The
 * functions in this process run with the settings of the stack started last, and some of their
 * modules keep answers in memory (the catalogue lists), so use one stack per test file.
 */
export async function startTestStack(options: Omit<LocalStackOptions, 'port'> = {}): Promise<TestStack> {
  const stack = await startLocalStack({
    serveWeb: false,
    admin: { email: ADMIN.email, password: ADMIN.password },
    log: process.env.STACK_LOG ? (line: string) => console.error(line) : () => undefined,
    hostOnly: TEST_HOST_SETTINGS,
    ...options,
    port: 0,
  });
  const send: TestStack['send'] = async (method, path, { token, body, headers } = {}) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    // A CSV download's byte-order mark is kept (text() would drop it), and its text is the body.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? '';
    const parsed = contentType.startsWith('text/csv') ? text : text ? JSON.parse(text) : undefined;
    checkAgainstContract(method, path, response.status, parsed, contentType);
    return { status: response.status, headers: response.headers, body: parsed };
  };
  const api = (async (id: RouteId, request: SentRequest & Caller = {}) => {
    const { params, query, ...options } = request;
    const { method, path } = routeRequest(id, params);
    const search = new URLSearchParams(
      Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString();
    return send(method, search ? `${path}?${search}` : path, options);
  }) as TestStack['api'];
  const login: TestStack['login'] = async (email = ADMIN.email, password = ADMIN.password) => {
    const { status, body } = await api('POST /api/auth/login', { body: { email, password } });
    if (status !== 200) throw new Error(`Sign-in failed with ${status}: ${JSON.stringify(body)}`);
    return body.token;
  };
  const upload: TestStack['upload'] = async (id, token, file) => {
    const { path } = routeRequest(id);
    const form = new FormData();
    form.append(
      'file',
      new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], {
        type: file.type ?? 'text/csv',
      }),
      file.name,
    );
    const response = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await response.json();
    checkAgainstContract('POST', path, response.status, body);
    return { status: response.status, headers: response.headers, body };
  };
  const scanTable = async () => {
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamo.endpoint,
        region: 'local',
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      }),
    );
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: LOCAL_TABLE_NAME, ExclusiveStartKey }));
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    client.destroy();
    return items;
  };
  const countDynamoRequests = async (action: () => Promise<unknown>) => {
    const before = stack.dynamo.totalRequests();
    await action();
    return stack.dynamo.totalRequests() - before;
  };
  const scraperStatus = async (token: string) =>
    (await api('GET /api/scraper/status', { token })).body.status;
  const scraperLogs = async (token: string) =>
    (await api('GET /api/scraper/logs', { token, query: { limit: '10' } })).body.logs;
  return Object.assign(stack, {
    api,
    send,
    login,
    upload,
    scanTable,
    countDynamoRequests,
    scraperStatus,
    scraperLogs,
  });
}
