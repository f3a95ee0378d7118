import { gunzipSync, gzipSync } from 'node:zlib';
import type { CompetitorUrlRecord } from './competitor-url.repository';
import { epochSeconds } from './dynamo';
import { type FlatObjects, FlatPacker, FlatReader, flatBytes, readFlatBytes } from './flat-objects';
import { putChunks, readChunks } from './packed-chunks';
import type {
  AcceptedObservation,
  HeldPrice,
  LatestObservation,
  UrlRunState,
} from './url-price-state.repository';

/**
 * A completed run's snapshot of the URLs it checked, as its checks left them (decision 61), at
 * `URL_SNAPSHOT#<run id>` in chunks (`PART#<n>`). Only the run's end names it, and only
 * until the URLs change again, so it expires after a week.
 */
const SNAPSHOT_KEEP_DAYS = 7;
const PART_PREFIX = 'PART#';
const partition = (runId: string) => `URL_SNAPSHOT#${runId}`;

/** The accepted price a check leaves when it accepts its own price (recordLatestObservation). */
function acceptedOf(latest: LatestObservation): AcceptedObservation | null {
  if (latest.price === null) return null;
  const { run_id, price, currency, in_stock, confidence, scraped_at } = latest;
  return { run_id, price, currency, in_stock, confidence, scraped_at };
}

const sameAccepted = (a: AcceptedObservation, b: AcceptedObservation | null) =>
  b !== null &&
  a.run_id === b.run_id &&
  a.price === b.price &&
  a.currency === b.currency &&
  a.in_stock === b.in_stock &&
  a.confidence === b.confidence &&
  a.scraped_at === b.scraped_at &&
  Object.keys(a).length === 6;

/**
 * In place of the accepted price: the latest check's own (the common case, rebuilt from it, which
 * halves what there is to read), and no consecutive failures.
 */
const ACCEPTED_IS_LATEST = -2;
const NO_FAILURES = -1;

/**
 * A part of the snapshot: per URL its id, latest check, accepted price, held price and failures
 * in a row, as flat objects (flat-objects.ts).
 */
function encodeSnapshot(states: readonly UrlRunState[]): FlatObjects {
  const packer = new FlatPacker();
  for (const { id, latest, accepted, held, consecutive_failures } of states) {
    packer.number(id);
    packer.object(latest);
    if (accepted && latest && sameAccepted(accepted, acceptedOf(latest))) packer.number(ACCEPTED_IS_LATEST);
    else packer.object(accepted);
    packer.object(held);
    packer.number(consecutive_failures ?? NO_FAILURES);
  }
  return packer.result();
}

/** The next URL's state from a part's reader. */
function readState(reader: FlatReader): UrlRunState {
  const id = reader.number();
  const latest = reader.object<LatestObservation>();
  const code = reader.number();
  const accepted =
    code === ACCEPTED_IS_LATEST
      ? ((latest && acceptedOf(latest)) ?? undefined)
      : reader.object<AcceptedObservation>(code);
  const held = reader.object<HeldPrice>();
  const failures = reader.number();
  return {
    id,
    latest,
    accepted,
    held,
    consecutive_failures: failures === NO_FAILURES ? undefined : failures,
  };
}

/** Passes over the next URL's state, as readState reads it; returns its id. */
function skipState(reader: FlatReader): number {
  const id = reader.number();
  reader.skipObject();
  const code = reader.number();
  if (code !== ACCEPTED_IS_LATEST) reader.skipObject(code);
  reader.skipObject();
  reader.number();
  return id;
}

/*
 * The stored content (decision 72): the start below; the part count and the byte length of the
 * ids (uint32 each); per part its byte length and URL count (uint32 each); every URL's id in order
 * (float64, gzipped); then each part's URLs (flat-objects.ts bytes, gzipped). A reader takes the ids
 * at once and gunzips a part only when one of its URLs is asked for: right after a run, the first
 * page reads one part of 300, and nothing of 34 MB is made or collected. Change the start when
 * the form changes: a snapshot in another form then reads as none.
 */
const START = Buffer.from('CMP-URL-SNAPSHOT-3'.padEnd(24, ' '));
const UINT32 = 4;

/** The snapshot's content, from its URLs part by part: only the gzipped parts are held. */
export async function snapshotContent(parts: AsyncIterable<readonly UrlRunState[]>): Promise<Buffer> {
  const members: Buffer[] = [];
  const counts: number[] = [];
  const ids: number[] = [];
  for await (const states of parts) {
    if (states.length === 0) continue;
    members.push(gzipSync(flatBytes(encodeSnapshot(states))));
    counts.push(states.length);
    for (const state of states) ids.push(state.id);
  }
  const idBytes = Buffer.alloc(ids.length * 8);
  for (const [i, id] of ids.entries()) idBytes.writeDoubleLE(id, i * 8);
  const idsGzipped = gzipSync(idBytes);
  const table = Buffer.alloc(UINT32 * 2 * (1 + members.length));
  table.writeUInt32LE(members.length, 0);
  table.writeUInt32LE(idsGzipped.length, UINT32);
  for (const [i, member] of members.entries()) {
    table.writeUInt32LE(member.length, UINT32 * 2 * (i + 1));
    table.writeUInt32LE(counts[i] as number, UINT32 * (2 * (i + 1) + 1));
  }
  return Buffer.concat([START, table, idsGzipped, ...members]);
}

/** A part as stored, and once read its reader and where each of its URLs starts. */
interface Part {
  gzipped: Buffer;
  /** The snapshot's index of its first URL. */
  first: number;
  count: number;
  read?: { reader: FlatReader; startOf: number[] };
}

/**
 * A snapshot as read: its URLs' ids in its order, each one's state made only when asked (decision
 * 72), from its part gunzipped when first needed.
 */
export class PackedSnapshot {
  private constructor(
    private readonly ids: Float64Array,
    private readonly parts: readonly Part[],
  ) {}

  /** The snapshot in stored content; throws when it is not one in this form. */
  static of(content: Buffer): PackedSnapshot {
    if (content.length < START.length + UINT32 * 2 || !content.subarray(0, START.length).equals(START))
      throw new Error('Not a URL snapshot in this form');
    const partCount = content.readUInt32LE(START.length);
    const idsLength = content.readUInt32LE(START.length + UINT32);
    let at = START.length + UINT32 * 2 * (1 + partCount);
    if (at > content.length) throw new Error('The URL snapshot ends early');
    const idBytes = gunzipSync(content.subarray(at, at + idsLength));
    at += idsLength;
    const ids = new Float64Array(idBytes.length / 8);
    for (let i = 0; i < ids.length; i++) ids[i] = idBytes.readDoubleLE(i * 8);
    const parts: Part[] = [];
    let first = 0;
    for (let i = 0; i < partCount; i++) {
      const length = content.readUInt32LE(START.length + UINT32 * 2 * (i + 1));
      const count = content.readUInt32LE(START.length + UINT32 * (2 * (i + 1) + 1));
      parts.push({ gzipped: content.subarray(at, at + length), first, count });
      at += length;
      first += count;
    }
    if (at !== content.length || first !== ids.length) throw new Error('The URL snapshot does not add up');
    return new PackedSnapshot(ids, parts);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The id of the snapshot's `index`th URL. */
  idAt(index: number): number | undefined {
    return this.ids[index];
  }

  /** The state of the snapshot's `index`th URL, a new object each time. */
  stateAt(index: number): UrlRunState {
    const part = this.partOf(index);
    const { reader, startOf } = this.read(part);
    reader.seek(startOf[index - part.first] as number);
    return readState(reader);
  }

  private partOf(index: number): Part {
    let low = 0;
    let high = this.parts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((this.parts[middle] as Part).first <= index) low = middle;
      else high = middle - 1;
    }
    const part = this.parts[low];
    if (!part || index < part.first || index >= part.first + part.count)
      throw new RangeError(`The snapshot has no URL ${index}`);
    return part;
  }

  /** The part gunzipped and gone through, checked against the ids: once. */
  private read(part: Part): NonNullable<Part['read']> {
    if (part.read) return part.read;
    const bytes = gunzipSync(part.gzipped);
    const { packed, next } = readFlatBytes(bytes, 0);
    const reader = new FlatReader(packed);
    const startOf: number[] = [];
    for (let i = 0; i < part.count; i++) {
      startOf.push(reader.position);
      if (skipState(reader) !== this.ids[part.first + i])
        throw new Error('A URL snapshot part names other URLs');
    }
    if (!reader.done || next !== bytes.length)
      throw new Error('A URL snapshot part holds more than its URLs');
    part.read = { reader, startOf };
    return part.read;
  }
}

/**
 * Stores the snapshot from its URLs part by part, each part gzipped on its own, so a run of 300,000
 * URLs never holds them all: only the gzipped parts grow.
 */
export async function putUrlSnapshot(
  runId: string,
  parts: AsyncIterable<readonly UrlRunState[]>,
): Promise<void> {
  const expiresAt = epochSeconds(Date.now() + SNAPSHOT_KEEP_DAYS * 86_400_000);
  await putChunks(partition(runId), PART_PREFIX, await snapshotContent(parts), expiresAt);
}

/**
 * The run's snapshot; undefined when there is none whole (expired, or its writer failed part-way)
 * or it is in a form this code does not read (written before a deploy changed it).
 */
export async function readUrlSnapshot(runId: string): Promise<PackedSnapshot | undefined> {
  const content = await readChunks(partition(runId), PART_PREFIX);
  if (!content) return undefined;
  try {
    return PackedSnapshot.of(content);
  } catch {
    return undefined;
  }
}

/**
 * The URL as a run left it: `state` in place of what the record said of its checks. One literal
 * of every field (absent ones undefined, as the lists read them): spreading and deleting fields of
 * 30,000 records cost several times as much.
 */
export function withRunState(record: CompetitorUrlRecord, state: UrlRunState): CompetitorUrlRecord {
  // Every field named, so a field added to the record must be added here.
  const changed = {
    id: record.id,
    product_id: record.product_id,
    competitor_name: record.competitor_name,
    url: record.url,
    created_at: record.created_at,
    updated_at: record.updated_at,
    latest: state.latest,
    accepted: state.accepted,
    held: state.held,
    rejected: record.rejected,
    consecutive_failures: state.consecutive_failures,
    price_pin: record.price_pin,
  } satisfies Record<keyof CompetitorUrlRecord, unknown>;
  return changed;
}

/**
 * The URL as a run left it, its state read from the run's snapshot when first asked for, its other
 * fields the record's. The lists treat it as any record (they read fields, never spread or serialise
 * a kept record); it is one object of four fields per URL where withRunState, with its checks'
 * objects, made four objects.
 */
class SnapshotUrlRecord implements CompetitorUrlRecord {
  /** The record whose fields it shows: never another snapshot's, so no older snapshot is held. */
  readonly #record: CompetitorUrlRecord;
  readonly #snapshot: PackedSnapshot;
  readonly #index: number;
  #state: UrlRunState | undefined;

  constructor(record: CompetitorUrlRecord, snapshot: PackedSnapshot, index: number) {
    this.#record = record instanceof SnapshotUrlRecord ? record.#record : record;
    this.#snapshot = snapshot;
    this.#index = index;
  }

  #read(): UrlRunState {
    this.#state ??= this.#snapshot.stateAt(this.#index);
    return this.#state;
  }

  get id() {
    return this.#record.id;
  }

  get product_id() {
    return this.#record.product_id;
  }

  get competitor_name() {
    return this.#record.competitor_name;
  }

  get url() {
    return this.#record.url;
  }

  get created_at() {
    return this.#record.created_at;
  }

  get updated_at() {
    return this.#record.updated_at;
  }

  get rejected() {
    return this.#record.rejected;
  }

  get price_pin() {
    return this.#record.price_pin;
  }

  get latest() {
    return this.#read().latest;
  }

  get accepted() {
    return this.#read().accepted;
  }

  get held() {
    return this.#read().held;
  }

  get consecutive_failures() {
    return this.#read().consecutive_failures;
  }
}

// Every field of the record is one of the class's, so a field added to the record must be added there.
true satisfies [keyof CompetitorUrlRecord] extends [keyof SnapshotUrlRecord] ? true : never;

/** The URL as a run left it: the snapshot's `index`th state in place of the record's. */
export const withSnapshotState = (
  record: CompetitorUrlRecord,
  snapshot: PackedSnapshot,
  index: number,
): CompetitorUrlRecord => new SnapshotUrlRecord(record, snapshot, index);
