import { describe, expect, it } from 'vitest';
import type { CompetitorUrlRecord } from './competitor-url.repository';
import type { LatestObservation, UrlRunState } from './url-price-state.repository';
import { PackedSnapshot, snapshotContent, withRunState, withSnapshotState } from './url-snapshot.repository';

/** The snapshot's content as putUrlSnapshot stores it, from its parts. */
function contentOf(parts: UrlRunState[][]): Promise<Buffer> {
  async function* inTurn() {
    yield* parts;
  }
  return snapshotContent(inTurn());
}

const snapshotOf = (content: Buffer) => PackedSnapshot.of(content);

const statesOf = (snapshot: PackedSnapshot) =>
  Array.from({ length: snapshot.size }, (_, i) => snapshot.stateAt(i));

const latest = (runId: string, price: number | null): LatestObservation => ({
  run_id: runId,
  price,
  currency: price === null ? null : 'GBP',
  in_stock: price === null ? null : true,
  confidence: price === null ? null : 0.9,
  scraped_at: '2026-11-26T03:00:00.000Z',
  error_message: price === null ? 'HTTP 403' : null,
  outcome: price === null ? 'blocked' : 'ok',
  message: price === null ? 'The shop refused us' : 'Price found',
});

const accepted = (runId: string, price: number) => ({
  run_id: runId,
  price,
  currency: 'GBP',
  in_stock: true,
  confidence: 0.9,
  scraped_at: '2026-11-26T03:00:00.000Z',
});

describe("a run's snapshot of its URLs", () => {
  it('reads back exactly what each URL holds, with the accepted price of its own check or an older one', async () => {
    const states: UrlRunState[] = [
      { id: 1, latest: latest('R2', 20), accepted: accepted('R2', 20), consecutive_failures: 0 },
      { id: 2, latest: latest('R2', null), accepted: accepted('R1', 18), consecutive_failures: 3 },
      {
        id: 3,
        latest: { ...latest('R2', 2), outcome: 'review', message: 'Held', ungrounded: true },
        accepted: accepted('R1', 19),
        held: { run_id: 'R2', price: 2, currency: 'GBP', scraped_at: '2026-11-26T03:00:00.000Z' },
        consecutive_failures: 0,
      },
      { id: 4 },
      // Accepted by a person from a held price: not the latest check's own fields, so kept as it is.
      { id: 5, latest: latest('R2', 20), accepted: { ...accepted('R2', 20), confidence: 0.4 } },
    ];

    // Stored in two parts, an empty one between them.
    const snapshot = snapshotOf(await contentOf([states.slice(0, 2), [], states.slice(2)]));

    expect(statesOf(snapshot)).toEqual(states);
    expect(Array.from({ length: snapshot.size }, (_, i) => snapshot.idAt(i))).toEqual([1, 2, 3, 4, 5]);
    // Any URL's state, in any order, and again.
    expect(snapshot.stateAt(3)).toEqual(states[3]);
    expect(snapshot.stateAt(1)).toEqual(states[1]);
    expect(snapshot.stateAt(1)).toEqual(states[1]);
  });

  it('refuses what is not a snapshot in its form, so one in an older form reads as none', async () => {
    const content = await contentOf([[{ id: 1, latest: latest('R2', 20) }]]);
    const olderForm = Buffer.from(JSON.stringify([{ values: [], shapes: [], data: [1, -1] }]));

    expect(() => snapshotOf(olderForm)).toThrow(/not a URL snapshot/i);
    expect(() => snapshotOf(content.subarray(0, content.length - 1))).toThrow(/does not add up/);
  });

  it('reads a part only for its URLs, and refuses one that holds other URLs than the ids say', async () => {
    const state = (id: number): UrlRunState => ({ id, latest: latest('R2', id), consecutive_failures: 0 });
    const good = await contentOf([[state(1), state(2)], [state(3)]]);
    // Its last part swapped for one holding URL 9 (the parts' table is after the 24-byte start).
    const other = await contentOf([[state(1), state(2)], [state(9)]]);
    const lastEntry = 24 + 8 * good.readUInt32LE(24);
    const lastOf = (content: Buffer) => content.subarray(content.length - content.readUInt32LE(lastEntry));
    const mixed = Buffer.concat([good.subarray(0, good.length - lastOf(good).length), lastOf(other)]);
    mixed.writeUInt32LE(lastOf(other).length, lastEntry);

    const snapshot = snapshotOf(mixed);

    expect(snapshot.stateAt(1)).toEqual(state(2));
    expect(() => snapshot.stateAt(2)).toThrow(/other URLs/);
  });

  it('gives a URL read from a snapshot the same fields as one the run state is put on', async () => {
    const record: CompetitorUrlRecord = {
      id: 7,
      product_id: 3,
      competitor_name: 'Shop',
      url: 'https://shop.example.com/k',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-02T00:00:00.000Z',
      latest: latest('R1', 10),
      accepted: accepted('R1', 10),
      rejected: { price: 1, currency: 'GBP' },
      price_pin: {
        picked_by: 'ann',
        picked_at: '2026-11-03T00:00:00.000Z',
        price: 10,
        locator: { kind: 'css', selector: '.p' },
      } as never,
    };
    const state: UrlRunState = {
      id: 7,
      latest: latest('R2', 12),
      accepted: accepted('R2', 12),
      consecutive_failures: 0,
    };
    const snapshot = snapshotOf(await contentOf([[{ id: 6 }, state]]));

    const read = withSnapshotState(record, snapshot, 1);
    const put = withRunState(record, state);

    for (const key of Object.keys(put) as (keyof CompetitorUrlRecord)[]) expect(read[key]).toEqual(put[key]);
    // The same objects each time it is asked.
    expect(read.latest).toBe(read.latest);
  });

  it("puts a URL's run fields in place and keeps the rest, dropping what the run cleared", () => {
    const record: CompetitorUrlRecord = {
      id: 7,
      product_id: 3,
      competitor_name: 'Shop',
      url: 'https://shop.example.com/k',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-02T00:00:00.000Z',
      latest: latest('R1', 10),
      accepted: accepted('R1', 10),
      held: { run_id: 'R1', price: 1, currency: 'GBP', scraped_at: '2026-11-25T03:00:00.000Z' },
      rejected: { price: 1, currency: 'GBP' },
      consecutive_failures: 2,
    };

    const changed = withRunState(record, { id: 7, latest: latest('R2', null), consecutive_failures: 3 });

    // The run cleared the accepted and held prices; every other field is the record's.
    const { accepted: _accepted, held: _held, ...kept } = record;
    expect(JSON.parse(JSON.stringify(changed))).toEqual({
      ...kept,
      latest: latest('R2', null),
      consecutive_failures: 3,
    });
  });
});
