import { describe, expect, it } from 'vitest';
import { notamReference, parseNotam, type NotamParseResult } from './notam-parser';

const now = new Date('2026-11-23T12:00:00Z');
const valid = `A0123/26 NOTAMN
Q) LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005
A) LFPG B) 2611230800 C) 2611301800 EST
D) DAILY 0800-1800
E) RWY 09L/27R CLOSED (SEE B) AND C) ITEMS) DUE TO WORKS
F) SFC G) FL100`;

const problemsOf = (result: NotamParseResult) => (result.ok ? [] : result.problems);

describe('parseNotam', () => {
  it('reads every item of an ICAO notice', () => {
    const result = parseNotam(valid, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.notam).toMatchObject({
      series: 'A',
      number: 123,
      year: 2026,
      kind: 'NEW',
      refersTo: null,
      q: { fir: 'LFFF', code: 'QMRLC', traffic: 'IV', purpose: 'NBO', scope: 'A', lowerFl: 0, upperFl: 999, radiusNm: 5 },
      locations: ['LFPG'],
      validFrom: '2026-11-23T08:00:00.000Z',
      validUntil: '2026-11-30T18:00:00.000Z',
      isEstimated: true,
      schedule: 'DAILY 0800-1800',
      text: 'RWY 09L/27R CLOSED (SEE B) AND C) ITEMS) DUE TO WORKS',
      lowerLimit: 'SFC',
      upperLimit: 'FL100',
    });
    expect(result.notam.q.latitudeDeg).toBeCloseTo(49.0167, 3);
    expect(result.notam.q.longitudeDeg).toBeCloseTo(2.55, 3);
    expect(notamReference(result.notam)).toBe('A0123/26');
  });

  it('accepts lower case, several locations, PERM and a replacement', () => {
    const result = parseNotam('b0002/26 notamr b0001/26\nq) egtt/qfaxx/iv/nbo/a/000/999/5128n00028w010\na) egll egkk b) 2611200000 c) perm\ne) aerodrome hours changed', now);
    expect(result.ok && result.notam).toMatchObject({ kind: 'REPLACE', refersTo: 'B0001/26', locations: ['EGLL', 'EGKK'], validUntil: null, isEstimated: false });
    expect(result.ok && result.notam.q.longitudeDeg).toBeCloseTo(-0.4667, 3);
  });

  it('says what is wrong with each item', () => {
    const problems = problemsOf(
      parseNotam('NOTAM 123\nQ) LFFF/QMRL/X/NBO/A/100/050/4901N00233E\nA) LFPG1 B) 2613230800 C) 2611301800\nE) text', now),
    );
    const messages = problems.map((p) => `${p.item}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^header: The first line "NOTAM 123" must be the series and number/),
        expect.stringMatching(/^Q: Q line: the NOTAM code "QMRL" must be Q followed by 4 letters/),
        expect.stringMatching(/^Q: Q line: traffic "X" must be I, V, IV or K/),
        expect.stringMatching(/^Q: Q line: the lower limit FL100 is above the upper limit FL050/),
        expect.stringMatching(/^Q: Q line: position "4901N00233E" must be/),
        expect.stringMatching(/^A: A\) location "LFPG1" must be a 4-letter ICAO location indicator/),
        expect.stringMatching(/^B: B\) "2613230800" must be a UTC date and time/),
      ]),
    );
  });

  it('names the missing items and a Q line with the wrong number of fields', () => {
    expect(problemsOf(parseNotam('A0001/26 NOTAMN\nQ) LFFF/QMRLC\nE) text', now)).map((p) => p.item)).toEqual(['A', 'B', 'C', 'Q']);
    expect(problemsOf(parseNotam('', now))).toEqual([{ item: 'header', message: 'The notice is empty' }]);
  });

  it('refuses an end before the start, an end already passed, and a replacement naming nothing', () => {
    const backwards = valid.replace('C) 2611301800 EST', 'C) 2611220800');
    expect(problemsOf(parseNotam(backwards, now))).toEqual([{ item: 'C', message: 'C) the end 2611220800 must be after the start B) 2611230800' }]);
    const over = valid.replace('B) 2611230800', 'B) 2611010800').replace('C) 2611301800 EST', 'C) 2611100800');
    expect(problemsOf(parseNotam(over, now))).toEqual([{ item: 'C', message: 'C) the end 2611100800 has already passed' }]);
    expect(problemsOf(parseNotam(valid.replace('NOTAMN', 'NOTAMC'), now))[0]?.message).toMatch(/A NOTAMC must name the notice it cancels/);
    expect(problemsOf(parseNotam(valid.replace('C) 2611301800 EST', 'C) 2611310800'), now))[0]?.message).toMatch(/not a real UTC date/);
  });
});
