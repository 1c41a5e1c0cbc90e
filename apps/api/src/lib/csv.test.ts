import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, unescapeFormulaCell } from './csv.js';

describe('csv export', () => {
  it('neutralises every formula trigger and quotes what needs quoting', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      const cell = csvCell(evil);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted.startsWith("'"), evil).toBe(true);
      expect(unescapeFormulaCell(unquoted)).toBe(evil);
    }
    expect(csvCell('Smith, Jr')).toBe('"Smith, Jr"');
    expect(csvCell('plain')).toBe('plain');
    expect(unescapeFormulaCell("'quoted name")).toBe("'quoted name");
  });

  it('writes a header and one line per row', () => {
    expect(toCsv(['a', 'b'], [{ a: 1, b: null }])).toBe('a,b\r\n1,\r\n');
  });
});
