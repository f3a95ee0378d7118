/**
 * A competitor's product feed read from its address (issue 32): one paced request through the
 * guarded fetcher, at most FEED_MAX_BYTES (gzip unpacked, by its magic bytes), its text handed to
 * the feed reader a piece at a time.
 */
import { gunzipSync } from 'node:zlib';
import type { FeedInput } from '@cmp/shared';
import type { GuardedFetcher, RequestPacer } from '../scrape/fetch/guarded-fetch';
import { type FeedContent, feedReader } from './feed';

export const FEED_MAX_BYTES = 200 * 1024 * 1024;
const FEED_TIME_LIMIT_MS = 300_000;
/** Items kept of one feed: a shop's whole range, well beyond a job's pages. */
export const FEED_MAX_ITEMS = 500_000;
const PIECE_BYTES = 1024 * 1024;

export async function readFeed(
  feed: FeedInput,
  fetcher: GuardedFetcher,
  pacer?: RequestPacer,
): Promise<FeedContent> {
  const file = await fetcher.fetchFile(feed.url, pacer, {
    maxBytes: FEED_MAX_BYTES,
    timeLimitMs: FEED_TIME_LIMIT_MS,
  });
  const bytes = unpacked(file.bytes);
  const reader = feedReader(feed.format, FEED_MAX_ITEMS);
  const decoder = new TextDecoder();
  for (let at = 0; at < bytes.length; at += PIECE_BYTES)
    reader.write(decoder.decode(bytes.subarray(at, at + PIECE_BYTES), { stream: true }));
  reader.write(decoder.decode());
  return reader.end();
}

function unpacked(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: FEED_MAX_BYTES });
  } catch (error) {
    if (error instanceof RangeError)
      throw new Error(`larger than ${FEED_MAX_BYTES / 1024 / 1024} MB unpacked`);
    throw new Error('not a readable gzip file');
  }
}
