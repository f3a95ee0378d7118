import { describe, expect, it } from 'vitest';
import { FlatPacker, FlatReader, flatBytes, readFlatBytes } from './flat-objects';

const check = (i: number) => ({
  price: i === 2 ? null : 10 + i / 100,
  currency: 'GBP',
  in_stock: i % 2 === 0,
  scraped_at: new Date(Date.UTC(2026, 10, 26, 3, 0, i)).toISOString(),
  message: 'Price found',
});

/** Packs `objects` (undefined: absent), each after a number of the caller's, into bytes. */
function packed(objects: (object | undefined)[]): Buffer {
  const packer = new FlatPacker();
  for (const [i, object] of objects.entries()) {
    packer.number(i * 1.5);
    packer.object(object);
  }
  return flatBytes(packer.result());
}

function readAll(bytes: Buffer, at = 0) {
  const { packed: objects, next } = readFlatBytes(bytes, at);
  const reader = new FlatReader(objects);
  const read: unknown[] = [];
  while (!reader.done) read.push([reader.number(), reader.object()]);
  return { read, next };
}

describe('flat objects', () => {
  it('read back as written, numbers, times, texts, booleans, nulls and absences, wherever the bytes start', () => {
    const objects = [check(1), undefined, check(2), { note: 'at 2026-11-26T03:00:00Z', count: 3 }, check(3)];
    const bytes = packed(objects);
    const expected = objects.map((object, i) => [i * 1.5, object]);

    expect(readAll(bytes)).toEqual({ read: expected, next: bytes.length });
    // After 3 bytes of something else: not 8-aligned, so the numbers are copied out.
    const after = Buffer.concat([Buffer.from('abc'), bytes, bytes]);
    expect(readAll(after, 3)).toEqual({ read: expected, next: 3 + bytes.length });
    expect(readAll(after, 3 + bytes.length).read).toEqual(expected);
  });

  it('write each key and repeated text once, and each time in the form toISOString writes as a number', () => {
    const objects = Array.from({ length: 50 }, (_, i) => check(i + 3));
    const text = packed(objects).toString('latin1');

    expect(text.split('Price found')).toHaveLength(2);
    expect(text.split('scraped_at')).toHaveLength(2);
    expect(text).not.toContain('2026-11-26T03:00:');
  });

  it('keep a text that only looks like a time as the text it is', () => {
    const objects = [{ at: '2026-11-26T03:00:00Z' }, { at: '2026-11-26T03:00:00.000+00:00' }, { at: 'soon' }];

    expect(readAll(packed(objects)).read).toEqual(objects.map((object, i) => [i * 1.5, object]));
  });

  it('refuse bytes that end early, name a shape or value they do not have, or are not packed objects', () => {
    const bytes = packed([{ a: 'x' }]);
    // Its numbers: the caller's, the shape, the value's index.
    const withNumber = (at: number, value: number) => {
      const changed = Buffer.from(bytes);
      changed.writeDoubleLE(value, bytes.length - 8 * (3 - at));
      return changed;
    };

    expect(() => readAll(bytes.subarray(0, bytes.length - 8))).toThrow(/end early/);
    expect(() => readAll(withNumber(1, 5))).toThrow(/no shape 5/);
    expect(() => readAll(withNumber(2, 7))).toThrow(/no value 7/);
    expect(() => readAll(Buffer.from('[1, 2, 3]    and more text'))).toThrow();
  });
});
