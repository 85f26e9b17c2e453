import { describe, expect, it } from 'vitest';
import { cleanCell, parseDays, parseMultiValue, parsePhpvmsCsv, PhpvmsFormatError, rowProblems, toUtcTime } from '../../src/modules/phpvms-import/phpvms-csv';

describe("phpVMS's cell formats", () => {
  it('reads multi-value cells: bare values, pairs and values with attributes', () => {
    expect(parseMultiValue('Y?price=300&cost=100&capacity=130;F?price=600;B?')).toEqual([
      { key: 'Y', attributes: { price: '300', cost: '100', capacity: '130' } },
      { key: 'F', attributes: { price: '600' } },
      { key: 'B', attributes: {} },
    ]);
    expect(parseMultiValue('Departure Gate=4;Arrival Gate=C41')).toEqual([
      { key: 'Departure Gate', attributes: { value: '4' } },
      { key: 'Arrival Gate', attributes: { value: 'C41' } },
    ]);
    expect(parseMultiValue('A32X; B737 ;')).toEqual([
      { key: 'A32X', attributes: {} },
      { key: 'B737', attributes: {} },
    ]);
    expect(parseMultiValue('')).toEqual([]);
  });

  it('reads days as the digits 1 (Monday) to 7 (Sunday)', () => {
    expect(parseDays('15')).toEqual(['Monday', 'Friday']);
    expect(parseDays('7')).toEqual(['Sunday']);
    expect(parseDays('')).toEqual([]);
  });

  it('reads `\\N` as an empty cell, as phpVMS does', () => {
    expect(cleanCell(' \\N ')).toBe('');
    expect(cleanCell('\\n')).toBe('');
    expect(cleanCell(' KAUS ')).toBe('KAUS');
  });

  it('turns schedule times with a zone into HH:mm UTC, and refuses an unknown zone', () => {
    expect(toUtcTime('0810 CST')).toBe('14:10');
    expect(toUtcTime('1235 EST')).toBe('17:35');
    expect(toUtcTime('23:30 PDT')).toBe('06:30');
    expect(toUtcTime('0015 CET')).toBe('23:15');
    expect(toUtcTime('0810')).toBe('08:10');
    expect(toUtcTime('0810 XYZ')).toBeUndefined();
    expect(toUtcTime('2510')).toBeUndefined();
    expect(toUtcTime('')).toBeUndefined();
  });
});

describe('reading a phpVMS export', () => {
  const FARES = 'code,name,type,price,cost,capacity,notes,active\n';

  it('knows the kind from the header and numbers rows from the header line, skipping empty lines', () => {
    const file = parsePhpvmsCsv(`${FARES}Y,Economy,0,100,0,200,"Cheap, cheerful",1\n\n,,,,,,,\nF,First,0,800,350,5,,1\n`);
    expect(file.kind).toBe('fares');
    expect(file.rows.map((row) => [row.line, row.cells.code, row.cells.notes])).toEqual([
      [2, 'Y', 'Cheap, cheerful'],
      [5, 'F', ''],
    ]);
  });

  it("applies phpVMS's checks: required cells and number, whole number and boolean forms", () => {
    const file = parsePhpvmsCsv(`${FARES}Y,,0,cheap,0,12.5,,maybe\n`);
    expect(rowProblems(file.kind, file.rows[0]!)).toEqual([
      'name is required',
      'price must be a number (got "cheap")',
      'capacity must be a whole number (got "12.5")',
      'active must be 0 or 1 (got "maybe")',
    ]);
  });

  it('refuses a file whose header is not a whole phpVMS export', () => {
    expect(() => parsePhpvmsCsv('code,name\nY,Economy\n')).toThrow(PhpvmsFormatError);
    expect(() => parsePhpvmsCsv('')).toThrow('The file is empty');
  });
});
