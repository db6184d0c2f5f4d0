import { describe, expect, it } from 'vitest';
import { csvRecords } from './csv.js';

describe('csvRecords', () => {
  it('reads NUCC’s layout: byte order mark, CRLF, quoted commas, doubled quotes and line breaks', () => {
    const text =
      '\uFEFFCode,Name,Definition\r\n207RE0101X,"Endocrinology, Diabetes & Metabolism","Says ""hi""\r\non two lines"\r\n\r\n101Y00000X,Counselor,\r\n';
    expect(csvRecords(text, ['Code'])).toEqual([
      { Code: '207RE0101X', Name: 'Endocrinology, Diabetes & Metabolism', Definition: 'Says "hi"\r\non two lines' },
      { Code: '101Y00000X', Name: 'Counselor', Definition: '' },
    ]);
  });

  it('reads LF files and a last line without a line end', () => {
    expect(csvRecords('a,b\n1,2', ['a'])).toEqual([{ a: '1', b: '2' }]);
  });

  it('keys rows by the header and trims cells', () => {
    expect(csvRecords('Code , Name\n X , Y ', ['Code'])).toEqual([{ Code: 'X', Name: 'Y' }]);
  });

  it('names the columns a file lacks', () => {
    expect(() => csvRecords('Code,Name\n1,2', ['Code', 'Grouping', 'Classification'])).toThrow(
      'missing column(s) Grouping, Classification',
    );
    expect(() => csvRecords('', ['Code'])).toThrow('the file is empty');
  });
});
