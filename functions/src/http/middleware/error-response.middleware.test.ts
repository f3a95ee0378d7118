import type { Request } from '@middy/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { provideSettings } from '../../config';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  TooLargeError,
  TooManyAttemptsError,
  UnauthenticatedError,
  UnsupportedFormatError,
} from '../../domain/errors';
import { HttpError } from '../errors';
import { errorResponse } from './error-response.middleware';

beforeAll(() => provideSettings({ POWERTOOLS_LOG_LEVEL: 'SILENT' }));

/** What middy's `createError` (thrown by its router, for one) makes: an Error with a status and `expose`. */
const middyError = (statusCode: number, message: string, expose = statusCode < 500) =>
  Object.assign(new Error(message), { statusCode, expose });

/** What the middleware answers when a handler threw `error`. */
async function answerTo(error: unknown) {
  const request = { event: { requestContext: {} }, error } as unknown as Request;
  await errorResponse().onError?.(request);
  const response = request.response as { statusCode: number; headers: Record<string, string>; body: string };
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body) };
}

describe('errorResponse', () => {
  it.each([
    [new InvalidInputError('Missing column: SKU'), 400],
    [new UnauthenticatedError('Session ended, please sign in again'), 401],
    [new NotFoundError('Product 7 not found'), 404],
    [new ConflictError('A price check is already running'), 409],
    [new TooLargeError('The file is larger than 2 MiB'), 413],
    [new UnsupportedFormatError('Upload the file as multipart/form-data'), 415],
    [new TooManyAttemptsError('Too many failed sign-in attempts. Try again in 1 minute.', 30), 429],
    [new HttpError(403, 'Use the application address'), 403],
    [middyError(405, 'Method not allowed'), 405],
  ])('answers %s with status %i and its message', async (error, status) => {
    const answer = await answerTo(error);

    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ success: false, error: error.message });
  });

  it('names the input fields a refusal is about, so a form can show each message beside its field', async () => {
    const taken = await answerTo(new ConflictError('SKU taken', { field: 'sku' }));
    const invalid = await answerTo(
      new InvalidInputError('name: Too long; cost: Too small', {
        fields: { name: 'Too long', cost: 'Too small' },
      }),
    );

    expect(taken.body).toEqual({ success: false, error: 'SKU taken', fields: { sku: 'SKU taken' } });
    expect(invalid.body.fields).toEqual({ name: 'Too long', cost: 'Too small' });
  });

  it('asks for a bearer token when the caller is not signed in', async () => {
    const answer = await answerTo(new UnauthenticatedError());

    expect(answer.headers['www-authenticate']).toBe('Bearer');
    expect(answer.body.error).toBe('Authentication required');
  });

  it('says after how many whole seconds (at least one) to try again', async () => {
    expect((await answerTo(new TooManyAttemptsError('Wait', 61.2))).headers['retry-after']).toBe('62');
    expect((await answerTo(new TooManyAttemptsError('Wait', 0.1))).headers['retry-after']).toBe('1');
  });

  it('adds no such header to other errors', async () => {
    const { headers } = await answerTo(new ConflictError('Taken'));

    expect(headers['www-authenticate']).toBeUndefined();
    expect(headers['retry-after']).toBeUndefined();
  });

  it('hides an unexpected error behind a generic 500', async () => {
    const answer = await answerTo(new Error('database exploded at host 10.0.0.7'));

    expect(answer).toMatchObject({ status: 500, body: { success: false, error: 'Internal server error' } });
  });

  it('hides a middy error that is not to be shown', async () => {
    const answer = await answerTo(middyError(400, 'secret detail', false));

    expect(answer).toMatchObject({ status: 500, body: { success: false, error: 'Internal server error' } });
  });
});
