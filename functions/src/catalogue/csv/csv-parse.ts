import { pipeline } from 'node:stream';
import { CsvError, type Options, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { InvalidInputError } from '../../domain/errors';

/**
 * CSV as the imports read it, with the `csv-parse` library: RFC 4180 (comma separated, fields
 * optionally in double quotes, with "" for a quote and commas and line breaks inside), CRLF, LF or
 * CR line ends, a UTF-8 byte-order mark skipped. Also read as people and spreadsheets write it:
 * records may differ in length, a quote inside an unquoted field is a plain character, and spaces
 * around a field (also around a quoted one) are dropped; the imports trim every cell anyway. A final
 * empty line is not a record; an empty line elsewhere is a record of one empty field, so row
 * numbers count it. The first record is the header; past `maxDataRows` records after it, reading
 * stops with an InvalidInputError, as it does for a file that is not CSV (the message says which row).
 */
function csvOptions(maxDataRows: number): Options {
  return {
    bom: true,
    // Each line end is taken wherever it appears, not only the first one met.
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    ltrim: true,
    rtrim: true,
    on_record: (record, { records }) => {
      // `records` counts this one, and the header.
      if (records > maxDataRows + 1) {
        throw new InvalidInputError(`The file has more than ${maxDataRows.toLocaleString('en-US')} rows`);
      }
      return record;
    },
  };
}

/** The message for a file that is not CSV, naming the row as the imports number them (the header is row 1). */
function inputError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new InvalidInputError('The file has a quoted field that never ends');
  }
  // The records read before this one, the header included.
  const row = Number(error.records) + 1;
  if (
    error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE' ||
    error.code === 'CSV_INVALID_CLOSING_QUOTE'
  ) {
    return new InvalidInputError(
      `Row ${row}: column ${Number(error.column) + 1} has text after its closing quote; quote the whole cell, with "" for a quote inside`,
    );
  }
  return new InvalidInputError(`Row ${row} is not valid CSV`);
}

/**
 * The records of a CSV text, read whole (see `csvOptions` for the rules).
 * @example parseCsv('SKU,Name\r\nK-1,"Kettle, steel"\r\n') // [['SKU', 'Name'], ['K-1', 'Kettle, steel']]
 */
export function parseCsv(text: string, maxDataRows = Number.POSITIVE_INFINITY): string[][] {
  try {
    return parseSync(text, csvOptions(maxDataRows));
  } catch (error) {
    throw inputError(error);
  }
}

/** The message `decodeUtf8` (upload.ts) gives a file that is not UTF-8. */
const NOT_UTF8 = 'The file is not UTF-8 text; save it as CSV UTF-8 and try again';

/**
 * The records of a CSV file as its bytes arrive (an S3 object's body, any Readable or async
 * iterable of chunks), one at a time, with the rules and errors of `parseCsv`: a large file is read
 * without being held whole. Bytes that are not UTF-8 are refused as `decodeUtf8` refuses them.
 * Stopping early (a `break`) stops reading the source.
 */
export async function* readCsvRecords(
  source: AsyncIterable<Uint8Array | string>,
  maxDataRows = Number.POSITIVE_INFINITY,
): AsyncGenerator<string[], void, undefined> {
  const parser = parse(csvOptions(maxDataRows));
  // An error on the way (the source's, the UTF-8 check's) destroys the parser with it: the loop below throws it.
  pipeline(utf8Checked(source), parser, () => {});
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    throw inputError(error);
  }
}

/** The chunks as they come, as bytes, refused once they stop being UTF-8 (a sequence cut at the end too). */
async function* utf8Checked(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const check = (bytes?: Buffer) => {
    try {
      decoder.decode(bytes, { stream: bytes !== undefined });
    } catch {
      throw new InvalidInputError(NOT_UTF8);
    }
  };
  for await (const chunk of source) {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    check(bytes);
    yield bytes;
  }
  check();
}

/** Header cells compared without regard to case and surrounding spaces. */
export const headerKey = (name: string) => name.trim().toLowerCase();

/** True when every cell of a record is blank (such rows are skipped, not reported). */
export const isBlankRecord = (record: readonly string[]) => record.every((cell) => cell.trim() === '');
