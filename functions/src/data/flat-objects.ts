/**
 * Many small objects of a few shapes (a run's checks: the same keys, the same few texts) packed as
 * one flat run of numbers, beside a table of their shapes and one of their values that are neither
 * numbers nor times. Stored as bytes: a small JSON header and the numbers as float64, so a reader
 * parses no number and makes no object until one is asked for. At 300,000 URLs a run's snapshot
 * (url-snapshot.repository.ts) reads back without a JSON parse of megabytes or an object per check:
 * the first list call after a run reads all of it (decision 72).
 */

/**
 * How a key's value is stored: a number ('n'); a time in the form `toISOString` writes, as its
 * epoch milliseconds ('t': every check's time is its own, so as a text it would be one value each);
 * else an index in the values table ('v').
 */
type Kind = 'n' | 't' | 'v';
/** A shape: its keys in order, each with how its value is stored. */
type Shape = [key: string, kind: Kind][];

/** What a packer wrote. */
export interface FlatObjects {
  values: unknown[];
  shapes: Shape[];
  data: Float64Array;
}

/** Numbers at or above zero are the packed objects' shapes; below, these. */
const ABSENT = -1;

function isIsoTime(value: string): boolean {
  if (value.length !== 24 || !value.endsWith('Z')) return false;
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === value;
}

function kindOf(value: unknown): Kind {
  if (typeof value === 'number') return 'n';
  return typeof value === 'string' && isIsoTime(value) ? 't' : 'v';
}

export class FlatPacker {
  private readonly valueIndex = new Map<unknown, number>();
  private readonly values: unknown[] = [];
  private readonly shapes: Shape[] = [];
  private readonly data: number[] = [];

  /** A number of the caller's (an object's place must not hold -1 or a shape's number). */
  number(value: number): void {
    this.data.push(value);
  }

  /** A flat object (its values numbers, texts, booleans or null), or its absence. */
  object(object: object | undefined): void {
    const { data } = this;
    if (object === undefined) {
      data.push(ABSENT);
      return;
    }
    const value = object as Readonly<Record<string, unknown>>;
    const keys = Object.keys(value);
    const kinds = keys.map((key) => kindOf(value[key]));
    const shape = this.shapeOf(keys, kinds);
    data.push(shape);
    for (const [i, key] of keys.entries()) {
      const field = value[key];
      if (kinds[i] === 'n') data.push(field as number);
      else if (kinds[i] === 't') data.push(Date.parse(field as string));
      else data.push(this.valueOf(field));
    }
  }

  result(): FlatObjects {
    return { values: this.values, shapes: this.shapes, data: Float64Array.from(this.data) };
  }

  /** The number of the shape of these keys and kinds. There are a few: each is compared in turn. */
  private shapeOf(keys: readonly string[], kinds: readonly Kind[]): number {
    const { shapes } = this;
    const index = shapes.findIndex(
      (shape) =>
        shape.length === keys.length && shape.every(([key, kind], i) => key === keys[i] && kind === kinds[i]),
    );
    if (index >= 0) return index;
    shapes.push(keys.map((key, i) => [key, kinds[i] as Kind]));
    return shapes.length - 1;
  }

  private valueOf(value: unknown): number {
    // Texts, booleans and null are keys of the table as they are; anything else is kept as it comes.
    let index = this.valueIndex.get(value);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      if (typeof value !== 'object' || value === null) this.valueIndex.set(value, index);
    }
    return index;
  }
}

/** Reads back what a FlatPacker packed, in the order written or from a position; throws on anything else. */
export class FlatReader {
  private at = 0;
  private readonly data: Float64Array;
  private readonly values: readonly unknown[];
  /** Each shape's keys and kinds. */
  private readonly shapes: { keys: string[]; kinds: Kind[] }[];

  constructor(packed: FlatObjects) {
    this.data = packed.data;
    this.values = packed.values;
    this.shapes = packed.shapes.map((shape) => ({
      keys: shape.map(([key]) => key),
      kinds: shape.map(([, kind]) => kind),
    }));
  }

  get done(): boolean {
    return this.at >= this.data.length;
  }

  /** Where the next read starts, to come back to with `seek`. */
  get position(): number {
    return this.at;
  }

  seek(position: number): void {
    this.at = position;
  }

  number(): number {
    if (this.at >= this.data.length) throw new Error('Packed flat objects end early');
    return this.data[this.at++] as number;
  }

  /** The next object; undefined when it was absent. `first`: its shape's number, already read. */
  object<T>(first = this.number()): T | undefined {
    if (first === ABSENT) return undefined;
    const { keys, kinds } = this.shapeAt(first);
    const object: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = this.number();
      const kind = kinds[i];
      object[keys[i] as string] =
        kind === 'n' ? value : kind === 't' ? new Date(value).toISOString() : this.valueAt(value);
    }
    return object as T;
  }

  /** Passes over the next object (or its absence) without making it. */
  skipObject(first = this.number()): void {
    if (first === ABSENT) return;
    this.at += this.shapeAt(first).keys.length;
    if (this.at > this.data.length) throw new Error('Packed flat objects end early');
  }

  private shapeAt(index: number) {
    const shape = this.shapes[index];
    if (!shape) throw new Error(`Packed flat objects name no shape ${index}`);
    return shape;
  }

  private valueAt(index: number): unknown {
    if (!(index >= 0 && index < this.values.length))
      throw new Error(`Packed flat objects name no value ${index}`);
    return this.values[index];
  }
}

/*
 * As bytes, one packed run after another: the header's length and the numbers' count (uint32), the
 * header `{ values, shapes }` as JSON padded with spaces to a multiple of 8 bytes, then the numbers
 * (float64, little-endian as every Lambda and Node machine here is). Every run starts 8-aligned when
 * the content does, so its numbers are read in place.
 */
const FRAME_BYTES = 8;
const padded = (length: number) => Math.ceil(length / 8) * 8;
const LITTLE_ENDIAN = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f;

export function flatBytes(packed: FlatObjects): Buffer {
  if (!LITTLE_ENDIAN) throw new Error('Packed flat objects are written on little-endian machines only');
  const header = Buffer.from(JSON.stringify({ values: packed.values, shapes: packed.shapes }));
  const frame = Buffer.alloc(FRAME_BYTES + padded(header.length), ' ');
  frame.writeUInt32LE(header.length, 0);
  frame.writeUInt32LE(packed.data.length, 4);
  header.copy(frame, FRAME_BYTES);
  return Buffer.concat([
    frame,
    Buffer.from(packed.data.buffer, packed.data.byteOffset, packed.data.byteLength),
  ]);
}

function isShapes(shapes: unknown): shapes is Shape[] {
  return (
    Array.isArray(shapes) &&
    shapes.every(
      (shape) =>
        Array.isArray(shape) &&
        shape.every(
          (entry) =>
            Array.isArray(entry) &&
            typeof entry[0] === 'string' &&
            (entry[1] === 'n' || entry[1] === 't' || entry[1] === 'v'),
        ),
    )
  );
}

/** The packed run at byte `at` of `content`, and where the next starts; throws when it is not one. */
export function readFlatBytes(content: Buffer, at: number): { packed: FlatObjects; next: number } {
  if (!LITTLE_ENDIAN) throw new Error('Packed flat objects are read on little-endian machines only');
  if (at + FRAME_BYTES > content.length) throw new Error('Packed flat objects end early');
  const headerLength = content.readUInt32LE(at);
  const count = content.readUInt32LE(at + 4);
  const dataAt = at + FRAME_BYTES + padded(headerLength);
  const next = dataAt + count * 8;
  if (next > content.length) throw new Error('Packed flat objects end early');
  const header = JSON.parse(content.toString('utf8', at + FRAME_BYTES, at + FRAME_BYTES + headerLength)) as {
    values?: unknown;
    shapes?: unknown;
  };
  if (!Array.isArray(header?.values) || !isShapes(header.shapes)) throw new Error('Not packed flat objects');
  const offset = content.byteOffset + dataAt;
  // In place when aligned (a whole gunzipped buffer is); else copied.
  const data =
    offset % 8 === 0
      ? new Float64Array(content.buffer, offset, count)
      : new Float64Array(content.buffer.slice(offset, offset + count * 8));
  return { packed: { values: header.values, shapes: header.shapes, data }, next };
}
