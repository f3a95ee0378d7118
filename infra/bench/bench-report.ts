/** One measured figure of a benchmark, with its budget when it has one. */
export interface BenchRow {
  figure: string;
  value: number;
  unit: string;
  /** The budget the value must stay within (≤ unless `atLeast`). */
  budget?: number;
  atLeast?: boolean;
}

export const passes = (row: BenchRow) =>
  row.budget === undefined ? null : row.atLeast ? row.value >= row.budget : row.value <= row.budget;

/** Prints rows as one table: figure, value, budget, pass/fail. */
export function printTable(rows: readonly BenchRow[], write: (line: string) => void = console.log): void {
  const cells = rows.map((row) => {
    const verdict = passes(row);
    return [
      row.figure,
      `${formatNumber(row.value)} ${row.unit}`.trim(),
      row.budget === undefined
        ? '—'
        : `${row.atLeast ? '≥' : '≤'} ${formatNumber(row.budget)} ${row.unit}`.trim(),
      verdict === null ? '' : verdict ? 'pass' : 'FAIL',
    ];
  });
  const header = ['figure', 'value', 'budget', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  write(line(header));
  write(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) write(line(c));
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 3 : 1);
}

/** Benchmarks print a machine-readable line too, so `npm run bench` can gather one table. */
export const ROWS_MARKER = 'BENCH_ROWS ';
export function emitRows(rows: readonly BenchRow[]): void {
  printTable(rows);
  console.log(`${ROWS_MARKER}${JSON.stringify(rows)}`);
}
