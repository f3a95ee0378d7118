import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../domain/errors';
import { parseCsv, readCsvRecords } from './csv-parse';
import { decodeUtf8 } from './upload';

describe('parseCsv', () => {
  it('splits records and fields, with LF, CRLF and a last line without a line end', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    expect(parseCsv('"x, y","line1\r\nline2","say ""hi"""\n')).toEqual([
      ['x, y', 'line1\r\nline2', 'say "hi"'],
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('refuses a quoted field that never ends', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(InvalidInputError);
  });

  it('stops past the row limit, not counting the header', () => {
    expect(parseCsv('h\n1\n2\n', 2)).toHaveLength(3);
    expect(() => parseCsv('h\n1\n2\n3\n', 2)).toThrow('The file has more than 2 rows');
  });
});

describe('parseCsv, as people and spreadsheets write CSV', () => {
  it('skips a byte-order mark, and takes a lone CR as a line end', () => {
    expect(parseCsv('\uFEFFa,b\rc,d\r')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps an empty line as a record, so row numbers count it, but not a final one', () => {
    expect(parseCsv('h\n\n1\n\n')).toEqual([['h'], [''], ['1'], ['']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('drops spaces around a quoted field and keeps a quote inside an unquoted one', () => {
    expect(parseCsv(' "a, b" ,c\n5" screen,x\n')).toEqual([
      ['a, b', 'c'],
      ['5" screen', 'x'],
    ]);
  });

  it('refuses text after a closing quote, naming the row (records, not lines) and the column', () => {
    expect(() => parseCsv('h,i\n"two\nlines",x\n1,"a"b\n')).toThrow(
      'Row 3: column 2 has text after its closing quote; quote the whole cell, with "" for a quote inside',
    );
  });
});

describe('readCsvRecords', () => {
  const chunksOf = (bytes: Buffer, size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      ),
    );
  const readAll = async (source: AsyncIterable<Uint8Array | string>, max?: number) => {
    const records: string[][] = [];
    for await (const record of readCsvRecords(source, max)) records.push(record);
    return records;
  };
  const text = '\uFEFFSKU,Name\r\nK-1,"Kettle, ""steel""\r\n1.7 L"\r\nK-2,Café crème £\r\n';

  it('reads the records of a byte stream as parseCsv reads the text, whatever the chunks cut', async () => {
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 3, 7, bytes.length]) {
      expect(await readAll(chunksOf(bytes, size))).toEqual(parseCsv(text));
    }
    expect(await readAll(Readable.from([]))).toEqual([]);
  });

  it('refuses what parseCsv refuses, with the same messages', async () => {
    await expect(readAll(Readable.from([Buffer.from('a,"b\n')]))).rejects.toThrow(
      'The file has a quoted field that never ends',
    );
    await expect(readAll(Readable.from([Buffer.from('h\n1\n2\n3\n')]), 2)).rejects.toThrow(
      'The file has more than 2 rows',
    );
    expect(await readAll(Readable.from([Buffer.from('h\n1\n2\n')]), 2)).toHaveLength(3);
  });

  it('refuses bytes that are not UTF-8 as the upload does, a sequence cut at the end too', async () => {
    const latin1 = Buffer.from([...Buffer.from('SKU\nK-1\n'), 0xe9, 0x0a]);
    const cut = Buffer.from('SKU\nK-\u00e9').subarray(0, -1);
    const expected = (() => {
      try {
        decodeUtf8(latin1);
      } catch (error) {
        return (error as Error).message;
      }
    })();

    for (const bytes of [latin1, cut]) {
      const failure = await readAll(chunksOf(bytes, 4)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(InvalidInputError);
      expect((failure as Error).message).toBe(expected);
    }
  });

  it('stops reading the source when the reader stops early', async () => {
    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield Buffer.from(`row-${i}\n`);
      } finally {
        closed = true;
      }
    }

    for await (const record of readCsvRecords(endless())) {
      if (record[0] === 'row-2') break;
    }
    await new Promise((resolve) => setImmediate(resolve));

    expect(closed).toBe(true);
  });
});
