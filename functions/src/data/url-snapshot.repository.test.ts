import { describe, expect, it } from 'vitest';
import type { CompetitorUrlRecord } from './competitor-url.repository';
import type { LatestObservation, UrlRunState } from './url-price-state.repository';
import { decodeSnapshot, encodeSnapshot, withRunState } from './url-snapshot.repository';

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
  it('reads back exactly what each URL holds, with the accepted price of its own check or an older one', () => {
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

    // Stored as JSON, in two parts.
    const parts = JSON.parse(
      JSON.stringify([encodeSnapshot(states.slice(0, 2)), encodeSnapshot(states.slice(2))]),
    );

    expect(decodeSnapshot(parts)).toEqual(states);
  });

  it('writes each repeated text once and no key per URL', () => {
    const states: UrlRunState[] = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      latest: latest('R2', 10 + i),
      accepted: accepted('R2', 10 + i),
    }));

    const text = JSON.stringify(encodeSnapshot(states));

    expect(decodeSnapshot([JSON.parse(text)])).toEqual(states);
    expect(text.split('Price found')).toHaveLength(2);
    expect(text.split('scraped_at')).toHaveLength(2);
    // The accepted price is the latest check's own: not written again.
    expect(text.split('"R2"')).toHaveLength(2);
  });

  it('refuses what is not its parts, so a snapshot in an older form reads as none', () => {
    const olderForm = [[1, latest('R2', 20), 1, null, null]];

    expect(() => decodeSnapshot(olderForm as never)).toThrow();
    expect(() => decodeSnapshot([{ values: [], shapes: [], data: [1, 5] }])).toThrow(/no shape 5/);
    expect(() => decodeSnapshot([{ values: [], shapes: [], data: [1, -1] }])).toThrow(/end early/);
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
