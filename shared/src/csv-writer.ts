/**
 * The CSV writer behind every export (docs/rules.md#22-csv-exports), on the server and in the
 * browser (an import's row errors): RFC 4180 with CRLF line ends, UTF-8 with a byte-order mark so
 * spreadsheet programs read £ and accents, and text cells that a spreadsheet would run as a formula
 * neutralised (OWASP CSV injection). Pure. The writing is csv-stringify's (in the browser its
 * browser build: web/vite.config.ts), the neutralising ours.
 */
import { type Options, stringify } from 'csv-stringify/sync';

/** A cell: text, a number we computed, or nothing. */
export type CsvCell = string | number | null;

/** One column of an export: its header, written once here, and how a row fills it. */
export interface CsvColumn<T> {
  readonly header: string;
  value(row: T): CsvCell;
}

/** What a spreadsheet takes as the start of a formula (OWASP: =, +, -, @, tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * How every cell is written, by the `csv-stringify` library: RFC 4180 quoting (a field holding a
 * comma, a quote, CR or LF in quotes, its quotes doubled) and CRLF after each record. Each cell is
 * cast first: a text starting like a formula gets a leading `'`, so the spreadsheet shows it as
 * text; a number is written as a plain number, never prefixed (decision 47): it cannot be a
 * formula, and an analyst sorts and sums a difference of -5 as a number; a number that is not
 * finite, like null, as nothing.
 */
const CSV_OPTIONS = {
  record_delimiter: 'windows',
  // A field holding a lone CR or LF is quoted too, not only one holding CRLF.
  quote_record_delimiter: true,
  cast: {
    string: (text: string) => (FORMULA_START.test(text) ? `'${text}` : text),
    number: (value: number) => (Number.isFinite(value) ? String(value) : ''),
  },
} satisfies Options;

/**
 * A cell as written (see CSV_OPTIONS).
 * @example csvField('=1+1') // "'=1+1"
 * @example csvField('Kettle, 1.7L') // '"Kettle, 1.7L"'
 */
export const csvField = (cell: CsvCell): string => stringify([[cell]], { ...CSV_OPTIONS, eof: false });

/** A yes/no cell; empty when unknown (a page that did not say whether it is in stock). */
export const yesNo = (value: boolean | null): CsvCell => (value === null ? null : value ? 'yes' : 'no');

/** The whole file: a UTF-8 byte-order mark, the header record, one record per row, each ended by CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  const records: CsvCell[][] = [columns.map((column) => column.header)];
  for (const row of rows) records.push(columns.map((column) => column.value(row)));
  return stringify(records, { ...CSV_OPTIONS, bom: true });
}
