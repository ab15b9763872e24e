import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../src/lib/csv.ts';

describe('csvCell', () => {
  it.each<[string | number | null | undefined, string]>([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [-3, '-3'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('%j → %s', (value, expected) => expect(csvCell(value)).toBe(expected));
});

describe('csvText', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      csvText(
        ['email', 'name'],
        [
          ['a@example.com', 'Ann, Jr.'],
          ['b@example.com', null],
        ],
      ),
    ).toBe('email,name\r\na@example.com,"Ann, Jr."\r\nb@example.com,\r\n');
  });
});
