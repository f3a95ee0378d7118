import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../domain/errors';
import { parseCsv } from './csv-parse';

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
