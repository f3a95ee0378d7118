/**
 * The CSV writer behind every export (docs/rules.md#22-csv-exports), on the server and in the
 * browser (an import's row errors): RFC 4180 with CRLF line ends, UTF-8 with a byte-order mark so
 * spreadsheet programs read £ and accents, and text cells that a spreadsheet would run as a formula
 * neutralised (OWASP CSV injection). Pure.
 */

/** A cell: text, a number we computed, or nothing. */
export type CsvCell = string | number | null;

/** One column of an export: its header, written once here, and how a row fills it. */
export interface CsvColumn<T> {
  readonly header: string;
  value(row: T): CsvCell;
}

const BOM = '\uFEFF';
const CRLF = '\r\n';
/** What a spreadsheet takes as the start of a formula (OWASP: =, +, -, @, tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A text cell as written: a formula start gets a leading `'`, so the spreadsheet shows it as text;
 * then RFC 4180 quoting. A number is written as a plain number, never prefixed (decision 47): it
 * cannot be a formula, and an analyst sorts and sums a difference of -5 as a number.
 * @example csvField('=1+1') // "'=1+1"
 * @example csvField('Kettle, 1.7L') // '"Kettle, 1.7L"'
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A yes/no cell; empty when unknown (a page that did not say whether it is in stock). */
export const yesNo = (value: boolean | null): CsvCell => (value === null ? null : value ? 'yes' : 'no');

/** The whole file: BOM, the header record, one record per row, each ended by CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  const lines = [columns.map((column) => csvField(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(','));
  return `${BOM}${lines.join(CRLF)}${CRLF}`;
}
