import { describe, expect, it } from 'vitest';
import {
  BlockedError,
  FetchError,
  FetchTimeoutError,
  HttpStatusError,
  PageTooLargeError,
  RobotsDisallowedError,
} from './fetch-errors';

describe('fetch errors', () => {
  it('carry the short messages staff see, with the default limits', () => {
    expect(new BlockedError().message).toBe('Blocked: address is private');
    expect(new FetchTimeoutError(20_000).message).toBe('Timed out after 20 s');
    expect(new FetchTimeoutError(10_000).message).toBe('Timed out after 10 s');
    expect(new PageTooLargeError(2 * 1024 * 1024).message).toBe('Page larger than 2 MiB');
    expect(new RobotsDisallowedError().message).toBe('Disallowed by robots.txt');
    expect(new HttpStatusError(404).message).toBe('HTTP 404');
  });

  it('are typed so callers branch on kind, not on text', () => {
    const error: unknown = new HttpStatusError(503);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ kind: 'http', status: 503, name: 'HttpStatusError' });
  });
});
