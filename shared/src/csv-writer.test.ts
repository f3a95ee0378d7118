import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvField, toCsv, yesNo } from './csv-writer';

interface Row {
  name: string;
  price: number | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Price', value: (row) => row.price },
];

describe('toCsv', () => {
  it('starts with a UTF-8 byte-order mark and ends every record, the last too, with CRLF', () => {
    const csv = toCsv(columns, [
      { name: 'Kettle', price: 19.99 },
      { name: 'Café crème £', price: null },
    ]);

    expect(csv).toBe('\uFEFFName,Price\r\nKettle,19.99\r\nCafé crème £,\r\n');
    expect(csv.codePointAt(0)).toBe(0xfeff);
  });

  it('writes the header record alone when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('\uFEFFName,Price\r\n');
  });
});

describe('csvField', () => {
  it('quotes a field holding a comma, a quote, CR or LF, doubling its quotes', () => {
    expect(csvField('Kettle, 1.7L')).toBe('"Kettle, 1.7L"');
    expect(csvField('The "best" mug')).toBe('"The ""best"" mug"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('plain text')).toBe('plain text');
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3+cmd|/C calc!A0', "'-2+3+cmd|/C calc!A0"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
  ])('neutralises the text %j as %j', (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it('leaves a formula character that is not the first one alone', () => {
    expect(csvField('A=B')).toBe('A=B');
    expect(csvField('SKU-1')).toBe('SKU-1');
  });

  it('writes numbers as plain numbers, negative ones too, and nothing for null or a non-finite number', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(-11.11)).toBe('-11.11');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('does neutralise a text that merely looks like a negative number', () => {
    expect(csvField('-5')).toBe("'-5");
  });
});

describe('yesNo', () => {
  it('writes yes, no, or nothing when unknown', () => {
    expect([yesNo(true), yesNo(false), yesNo(null)]).toEqual(['yes', 'no', null]);
  });
});
