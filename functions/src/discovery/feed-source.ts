/**
 * A competitor's product feed read from its address (issue 32): one paced request through the
 * guarded fetcher, streamed: each piece as it arrives is unpacked (a gzipped file, told by its magic
 * bytes, whatever the name or type says) and handed to the feed reader, so a feed of up to
 * FEED_MAX_BYTES is never held whole.
 */
import { createGunzip, type Gunzip } from 'node:zlib';
import type { FeedInput } from '@cmp/shared';
import type { GuardedFetcher, RequestPacer } from '../scrape/fetch/guarded-fetch';
import { type FeedContent, type FeedReader, feedReader } from './feed';

export const FEED_MAX_BYTES = 200 * 1024 * 1024;
const FEED_TIME_LIMIT_MS = 300_000;
/** Items kept of one feed: a shop's whole range, well beyond a job's pages. */
export const FEED_MAX_ITEMS = 500_000;
const tooLarge = () => new Error(`larger than ${FEED_MAX_BYTES / 1024 / 1024} MB unpacked`);

export async function readFeed(
  feed: FeedInput,
  fetcher: GuardedFetcher,
  pacer?: RequestPacer,
): Promise<FeedContent> {
  const text = new FeedText(feedReader(feed.format, FEED_MAX_ITEMS));
  await fetcher.fetchFile(feed.url, pacer, {
    maxBytes: FEED_MAX_BYTES,
    timeLimitMs: FEED_TIME_LIMIT_MS,
    onChunk: (chunk) => text.write(chunk),
  });
  return text.end();
}

/** The feed's bytes as they arrive, unpacked when gzipped, decoded to text for its reader. */
class FeedText {
  private readonly decoder = new TextDecoder();
  /** The first bytes, until there are two to tell gzip by. */
  private head: Uint8Array = new Uint8Array();
  /** undefined: not known yet; null: not gzipped. */
  private gunzip: Gunzip | null | undefined;
  private unpacked = 0;
  private failure: Error | null = null;
  private readonly ended: Promise<void>;
  private endGunzip: (() => void) | undefined;

  constructor(private readonly reader: FeedReader) {
    this.ended = new Promise<void>((resolve) => {
      this.endGunzip = resolve;
    });
  }

  write(chunk: Uint8Array): void {
    if (this.failure) throw this.failure;
    if (this.gunzip === undefined) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 2) return;
      chunk = this.head;
      this.gunzip = this.head[0] === 0x1f && this.head[1] === 0x8b ? this.unpacking() : null;
    }
    if (this.gunzip) this.gunzip.write(chunk);
    else this.text(chunk);
  }

  async end(): Promise<FeedContent> {
    if (this.gunzip === undefined && this.head.length > 0) this.text(this.head);
    if (this.gunzip) {
      this.gunzip.end();
      await this.ended;
    }
    if (this.failure) throw this.failure;
    this.reader.write(this.decoder.decode());
    return this.reader.end();
  }

  private text(bytes: Uint8Array) {
    this.reader.write(this.decoder.decode(bytes, { stream: true }));
  }

  private unpacking(): Gunzip {
    const gunzip = createGunzip();
    gunzip.on('data', (piece: Buffer) => {
      this.unpacked += piece.length;
      if (this.unpacked > FEED_MAX_BYTES) {
        this.failure ??= tooLarge();
        gunzip.destroy();
        this.endGunzip?.();
        return;
      }
      this.text(piece);
    });
    gunzip.on('end', () => this.endGunzip?.());
    gunzip.on('error', () => {
      this.failure ??= new Error('not a readable gzip file');
      this.endGunzip?.();
    });
    return gunzip;
  }
}
