import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { provideSettings } from '../config';
import { ConflictError } from '../domain/errors';
import * as httpHandler from './http-handler';

// The public routes used here never reach the table.
beforeAll(() => provideSettings({ TABLE_NAME: 'unused', POWERTOOLS_LOG_LEVEL: 'WARN' }));
afterEach(() => vi.restoreAllMocks());

const event = (routeKey: string, requestId: string): APIGatewayProxyEventV2 => {
  const [method = 'GET', path = '/'] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      requestId,
      routeKey,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'test' },
    },
  } as APIGatewayProxyEventV2;
};

/** What the Powertools logger writes (to stdout and stderr), one JSON object per line. */
function captureLogs(): () => Record<string, unknown>[] {
  const chunks: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
  }
  return () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The auth group with its two public routes replaced: one fails unexpectedly, one with a typed error. */
function authGroup() {
  return httpHandler.groupHandler('auth', {
    'POST /api/auth/login': async () => {
      throw new ConflictError('Taken');
    },
    'GET /api/auth/status': async () => {
      throw new Error('database exploded at host 10.0.0.7');
    },
    'POST /api/auth/logout': async () => ({ body: { success: true } }),
    'GET /api/openapi.json': async () => ({ body: { openapi: '3.1.0', info: { title: 't', version: '1' } } }),
  });
}

describe('groupHandler', () => {
  it('answers an unexpected error with a generic 500 and logs it with the request id', async () => {
    const logs = captureLogs();

    const response = await authGroup()(event('GET /api/auth/status', 'req-500-abc'), {} as Context);

    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body ?? '')).toEqual({ success: false, error: 'Internal server error' });
    const errors = logs().filter((line) => line.level === 'ERROR');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: 'Unhandled error',
      requestId: 'req-500-abc',
      route: 'GET /api/auth/status',
      error: expect.objectContaining({ message: 'database exploded at host 10.0.0.7' }),
    });
  });

  it('answers a typed error with its status and message, and logs nothing at the default level', async () => {
    const logs = captureLogs();

    // A valid sign-in body: the contract's schema is checked before the handler runs.
    const signIn = {
      ...event('POST /api/auth/login', 'req-409'),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'secret' }),
    };
    const response = await authGroup()(signIn, {} as Context);

    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body ?? '')).toEqual({ success: false, error: 'Taken' });
    expect(logs()).toEqual([]);
  });
});
