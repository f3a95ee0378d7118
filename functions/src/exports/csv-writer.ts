/**
 * The CSV writer behind every export (docs/rules.md#22-csv-exports): RFC 4180 with CRLF line ends,
 * UTF-8 with a byte-order mark so spreadsheet programs read £ and accents, and text cells that a
 * spreadsheet would run as a formula neutralised (OWASP CSV injection). Pure.
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

/**
 * The `Content-Disposition` of a download named after what it holds and the day (UTC) it was made;
 * `name` is reduced to letters, digits, `.`, `_` and `-`, so it needs no escaping.
 * @example attachment('price-history-K-1', new Date('2026-11-26T10:00:00Z')) // 'attachment; filename="price-history-K-1-2026-11-26.csv"'
 */
export function attachment(name: string, now: Date): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `attachment; filename="${safe}-${now.toISOString().slice(0, 10)}.csv"`;
}
