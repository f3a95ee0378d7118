import { InvalidInputError } from '../../domain/errors';

/**
 * RFC 4180 CSV: comma separated, fields optionally in double quotes (with "" for a quote, and
 * commas and line breaks inside), CRLF or LF line ends. Returns the records; a final empty line
 * is not a record. The first record is the header; past `maxDataRows` records after it, parsing
 * stops with an InvalidInputError.
 */
export function parseCsv(text: string, maxDataRows = Number.POSITIVE_INFINITY): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    if (records.length > maxDataRows + 1) {
      throw new InvalidInputError(`The file has more than ${maxDataRows.toLocaleString('en-US')} rows`);
    }
    record = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      i++;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRecord();
      i++;
    } else if (char === '\n' || char === '\r') {
      endRecord();
    } else {
      field += char;
    }
    i++;
  }
  if (quoted) throw new InvalidInputError('The file has a quoted field that never ends');
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** Header cells compared without regard to case and surrounding spaces. */
export const headerKey = (name: string) => name.trim().toLowerCase();

/** True when every cell of a record is blank (such rows are skipped, not reported). */
export const isBlankRecord = (record: readonly string[]) => record.every((cell) => cell.trim() === '');
