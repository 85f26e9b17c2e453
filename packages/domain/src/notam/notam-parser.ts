import { z } from 'zod';

/**
 * Notices to airmen in ICAO form (ICAO Annex 15 / Doc 10066 NOTAM format), as administrators type
 * them:
 *
 *   A0123/26 NOTAMN
 *   Q) LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005
 *   A) LFPG B) 2611230800 C) 2611301800 EST
 *   D) DAILY 0800-1800
 *   E) RWY 09L/27R CLOSED DUE TO WORKS
 *   F) SFC G) FL100
 *
 * The header (series letter, number / two-digit year, NOTAMN new, NOTAMR replacing or NOTAMC
 * cancelling another), the Q line's eight fields, A) locations, B) start and C) end (or PERM, EST
 * when estimated) are checked; D), F), G) are kept as written. Every problem found is reported with
 * the item it is about, so the form can say exactly what to fix.
 */

export const NotamKind = ['NEW', 'REPLACE', 'CANCEL'] as const;
export type NotamKind = (typeof NotamKind)[number];

export const ZParsedNotam = z.object({
  series: z.string(),
  number: z.number().int(),
  /** Four-digit year of the notice's number. */
  year: z.number().int(),
  kind: z.enum(NotamKind),
  /** The notice a NOTAMR replaces or a NOTAMC cancels, as `A0122/26`. */
  refersTo: z.string().nullable(),
  q: z.object({
    fir: z.string(),
    code: z.string(),
    traffic: z.string(),
    purpose: z.string(),
    scope: z.string(),
    lowerFl: z.number().int(),
    upperFl: z.number().int(),
    latitudeDeg: z.number(),
    longitudeDeg: z.number(),
    radiusNm: z.number().int(),
  }),
  locations: z.array(z.string()),
  validFrom: z.string(),
  /** Null for PERM (permanent). */
  validUntil: z.string().nullable(),
  isEstimated: z.boolean(),
  schedule: z.string().nullable(),
  text: z.string(),
  lowerLimit: z.string().nullable(),
  upperLimit: z.string().nullable(),
});
export type TParsedNotam = z.infer<typeof ZParsedNotam>;

export type NotamItem = 'header' | 'Q' | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';
export type NotamProblem = { item: NotamItem; message: string };
export type NotamParseResult = { ok: true; notam: TParsedNotam } | { ok: false; problems: NotamProblem[] };

const ITEM_PATTERN = /(?:^|\s)([QABCDEFG])\)\s*/g;
const HEADER = /^([A-Z])(\d{4})\/(\d{2})\s+NOTAM([NRC])(?:\s+([A-Z])(\d{4})\/(\d{2}))?$/;
const LOCATION = /^[A-Z]{4}$/;
const DATE_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const Q_COORDINATES = /^(\d{2})(\d{2})([NS])(\d{3})(\d{2})([EW])(\d{3})$/;

/** `yyMMddHHmm` (UTC) to a date; undefined when it is not a real date and time. */
const parseDateTime = (value: string): Date | undefined => {
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute));
  const isReal = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
  return isReal ? date : undefined;
};

const splitItems = (body: string): { items: Map<string, string>; duplicates: string[] } => {
  const items = new Map<string, string>();
  const duplicates: string[] = [];
  // After E) (free text), only F) and G) start items: "(SEE A) ..." inside the text stays text.
  let isInText = false;
  const marks = [...body.matchAll(ITEM_PATTERN)].filter((mark) => {
    if (isInText && mark[1] !== 'F' && mark[1] !== 'G') return false;
    if (mark[1] === 'E') isInText = true;
    return true;
  });
  marks.forEach((mark, index) => {
    const letter = mark[1]!;
    const start = mark.index + mark[0].length;
    const end = index + 1 < marks.length ? marks[index + 1]!.index : body.length;
    if (items.has(letter)) duplicates.push(letter);
    items.set(letter, body.slice(start, end).trim());
  });
  return { items, duplicates };
};

const parseQ = (raw: string, problems: NotamProblem[]): TParsedNotam['q'] | undefined => {
  const parts = raw.replace(/\s+/g, '').split('/');
  const fail = (message: string) => {
    problems.push({ item: 'Q', message });
    return undefined;
  };
  if (parts.length !== 8) return fail('The Q line needs 8 fields separated by "/": FIR/code/traffic/purpose/scope/lower/upper/position and radius, e.g. LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005');
  const [fir, code, traffic, purpose, scope, lower, upper, position] = parts as [string, string, string, string, string, string, string, string];
  const before = problems.length;
  if (!LOCATION.test(fir)) problems.push({ item: 'Q', message: `Q line: the FIR "${fir}" must be 4 letters (e.g. LFFF)` });
  if (!/^Q[A-Z]{4}$/.test(code)) problems.push({ item: 'Q', message: `Q line: the NOTAM code "${code}" must be Q followed by 4 letters (e.g. QMRLC)` });
  if (!['I', 'V', 'IV', 'K'].includes(traffic)) problems.push({ item: 'Q', message: `Q line: traffic "${traffic}" must be I, V, IV or K` });
  if (!/^(?:K|[NBOM]{1,3})$/.test(purpose)) problems.push({ item: 'Q', message: `Q line: purpose "${purpose}" must be letters among N, B, O, M (or K)` });
  if (!['A', 'E', 'W', 'AE', 'AW', 'K'].includes(scope)) problems.push({ item: 'Q', message: `Q line: scope "${scope}" must be A, E, W, AE, AW or K` });
  const isLevel = (value: string) => /^\d{3}$/.test(value);
  if (!isLevel(lower) || !isLevel(upper)) problems.push({ item: 'Q', message: 'Q line: lower and upper limits must be 3-digit flight levels (e.g. 000/999)' });
  else if (Number(lower) > Number(upper)) problems.push({ item: 'Q', message: `Q line: the lower limit FL${lower} is above the upper limit FL${upper}` });
  const coordinates = Q_COORDINATES.exec(position);
  let latitudeDeg = 0;
  let longitudeDeg = 0;
  let radiusNm = 0;
  if (!coordinates) {
    problems.push({ item: 'Q', message: `Q line: position "${position}" must be ddmmN dddmmE and a 3-digit radius in NM (e.g. 4901N00233E005)` });
  } else {
    const [latD, latM, ns, lonD, lonM, ew, radius] = coordinates.slice(1) as [string, string, string, string, string, string, string];
    latitudeDeg = (Number(latD) + Number(latM) / 60) * (ns === 'S' ? -1 : 1);
    longitudeDeg = (Number(lonD) + Number(lonM) / 60) * (ew === 'W' ? -1 : 1);
    radiusNm = Number(radius);
    if (Number(latD) > 90 || Number(latM) > 59 || Math.abs(latitudeDeg) > 90) problems.push({ item: 'Q', message: `Q line: latitude in "${position}" is out of range` });
    if (Number(lonD) > 180 || Number(lonM) > 59 || Math.abs(longitudeDeg) > 180) problems.push({ item: 'Q', message: `Q line: longitude in "${position}" is out of range` });
  }
  if (problems.length > before) return undefined;
  return { fir, code, traffic, purpose, scope, lowerFl: Number(lower), upperFl: Number(upper), latitudeDeg, longitudeDeg, radiusNm };
};

/** Parses and checks a NOTAM typed in ICAO form (see above); `now` refuses a notice already over. */
export const parseNotam = (input: string, now: Date): NotamParseResult => {
  const problems: NotamProblem[] = [];
  const text = input.replace(/\r\n?/g, '\n').trim().toUpperCase();
  if (text === '') return { ok: false, problems: [{ item: 'header', message: 'The notice is empty' }] };
  const firstItem = text.search(/(?:^|\s)[QABCDEFG]\)/);
  const headerText = (firstItem === -1 ? text : text.slice(0, firstItem)).replace(/\s+/g, ' ').trim();
  const header = HEADER.exec(headerText);
  if (!header) {
    problems.push({
      item: 'header',
      message: `The first line "${headerText}" must be the series and number then the type, e.g. "A0123/26 NOTAMN" (or "A0124/26 NOTAMR A0123/26" to replace, "A0125/26 NOTAMC A0123/26" to cancel)`,
    });
  } else if (header[4] !== 'N' && !header[5]) {
    problems.push({ item: 'header', message: `A NOTAM${header[4]} must name the notice it ${header[4] === 'R' ? 'replaces' : 'cancels'}, e.g. "NOTAM${header[4]} A0123/26"` });
  } else if (header[4] === 'N' && header[5]) {
    problems.push({ item: 'header', message: 'A new notice (NOTAMN) refers to no other notice' });
  }

  const { items, duplicates } = splitItems(firstItem === -1 ? '' : text.slice(firstItem));
  for (const letter of duplicates) problems.push({ item: letter as NotamItem, message: `Item ${letter}) is given twice` });
  for (const letter of ['Q', 'A', 'B', 'E'] as const) {
    if (!items.get(letter)) problems.push({ item: letter, message: `Item ${letter}) is missing: ${requiredHint[letter]}` });
  }
  const isCancel = header?.[4] === 'C';
  if (!isCancel && !items.get('C')) problems.push({ item: 'C', message: `Item C) is missing: ${requiredHint.C}` });

  const q = items.get('Q') ? parseQ(items.get('Q')!, problems) : undefined;
  const locations = (items.get('A') ?? '').split(/\s+/).filter(Boolean);
  for (const location of locations) {
    if (!LOCATION.test(location)) problems.push({ item: 'A', message: `A) location "${location}" must be a 4-letter ICAO location indicator (e.g. LFPG)` });
  }

  const rawFrom = items.get('B') ?? '';
  const validFrom = rawFrom ? parseDateTime(rawFrom) : undefined;
  if (rawFrom && !validFrom) problems.push({ item: 'B', message: `B) "${rawFrom}" must be a UTC date and time yyMMddHHmm (e.g. 2611230800)` });

  const rawUntil = items.get('C') ?? '';
  const untilMatch = /^(\d{10}|PERM)(?:\s*(EST))?$/.exec(rawUntil);
  let validUntil: Date | null = null;
  let isEstimated = false;
  if (rawUntil) {
    if (!untilMatch) {
      problems.push({ item: 'C', message: `C) "${rawUntil}" must be yyMMddHHmm (optionally followed by EST) or PERM` });
    } else {
      isEstimated = untilMatch[2] === 'EST';
      if (untilMatch[1] !== 'PERM') {
        validUntil = parseDateTime(untilMatch[1]!) ?? null;
        if (!validUntil) problems.push({ item: 'C', message: `C) "${untilMatch[1]}" is not a real UTC date and time yyMMddHHmm` });
      } else if (isEstimated) {
        problems.push({ item: 'C', message: 'C) PERM cannot be estimated (EST)' });
      }
    }
  }
  if (validFrom && validUntil && validUntil.getTime() <= validFrom.getTime()) {
    problems.push({ item: 'C', message: `C) the end ${rawUntil} must be after the start B) ${rawFrom}` });
  } else if (validUntil && validUntil.getTime() <= now.getTime()) {
    problems.push({ item: 'C', message: `C) the end ${rawUntil} has already passed` });
  }

  if (problems.length > 0 || !header || !q || !validFrom) return { ok: false, problems };
  const refersTo = header[5] ? `${header[5]}${header[6]}/${header[7]}` : null;
  return {
    ok: true,
    notam: {
      series: header[1]!,
      number: Number(header[2]),
      year: 2000 + Number(header[3]),
      kind: header[4] === 'N' ? 'NEW' : header[4] === 'R' ? 'REPLACE' : 'CANCEL',
      refersTo,
      q,
      locations,
      validFrom: validFrom.toISOString(),
      validUntil: validUntil?.toISOString() ?? null,
      isEstimated,
      schedule: items.get('D') || null,
      text: items.get('E')!,
      lowerLimit: items.get('F') || null,
      upperLimit: items.get('G') || null,
    },
  };
};

const requiredHint = {
  Q: 'the qualifier line, e.g. Q) LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005',
  A: 'the location(s), e.g. A) LFPG',
  B: 'the start, e.g. B) 2611230800',
  C: 'the end, e.g. C) 2611301800 or C) PERM',
  E: 'the text of the notice',
} as const;

/** The notice's reference as pilots read it: `A0123/26`. */
export const notamReference = (notam: Pick<TParsedNotam, 'series' | 'number' | 'year'>): string =>
  `${notam.series}${String(notam.number).padStart(4, '0')}/${String(notam.year % 100).padStart(2, '0')}`;
