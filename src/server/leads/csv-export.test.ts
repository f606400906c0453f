import { csvCell, csvRow } from './csv-export';

describe('the leads CSV', () => {
  it('quotes cells holding quotes, commas and line breaks (RFC 4180)', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 12])).toBe('plain,"a,b","say ""hi""","two\nlines",,12\r\n');
  });

  it('writes a value a spreadsheet would run as a formula as text', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(value).replace(/^"|"$/g, '').startsWith(`'${value[0]}`)).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('Zoë')).toBe('Zoë');
  });
});
