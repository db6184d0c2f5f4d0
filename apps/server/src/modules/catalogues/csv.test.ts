import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads NUCC’s layout: byte order mark, CRLF, quoted commas, doubled quotes and line breaks', () => {
    const text = '\uFEFFCode,Name,Definition\r\n207RE0101X,"Endocrinology, Diabetes & Metabolism","Says ""hi""\r\non two lines"\r\n\r\n101Y00000X,Counselor,\r\n';
    expect(parseCsv(text)).toEqual([
      ['Code', 'Name', 'Definition'],
      ['207RE0101X', 'Endocrinology, Diabetes & Metabolism', 'Says "hi"\r\non two lines'],
      ['101Y00000X', 'Counselor', ''],
    ]);
  });

  it('reads LF files and a last line without a line end', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([['a', 'b'], ['1', '2']]);
  });
});

describe('csvRecords', () => {
  it('keys rows by the header and trims cells', () => {
    expect(csvRecords('Code , Name\n X , Y ', ['Code'])).toEqual([{ Code: 'X', Name: 'Y' }]);
  });

  it('names the columns a file lacks', () => {
    expect(() => csvRecords('Code,Name\n1,2', ['Code', 'Grouping', 'Classification'])).toThrow('missing column(s) Grouping, Classification');
    expect(() => csvRecords('', ['Code'])).toThrow('the file is empty');
  });
});
