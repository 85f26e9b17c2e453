import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { isAppError } from '@contrail/domain/errors/app-error';
import type { TIssueNotamRequest, TNotam } from '@contrail/domain/notam/notam-contract';
import { notamReference, parseNotam } from '@contrail/domain/notam/notam-parser';
import type { Database, DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { airportExists } from '../airport/airport.service';
import { endNotam, findNotamByReference, findNotamsInForce, insertNotam, type NotamRow } from './notam.repository';

const toNotam = (row: NotamRow): TNotam => ({
  id: row.id,
  reference: notamReference(row),
  kind: row.kind,
  refersTo: row.refersTo,
  audience: row.audience,
  qCode: row.qCode,
  fir: row.fir,
  locations: row.locations,
  validFrom: row.validFrom.toISOString(),
  validUntil: row.validUntil?.toISOString() ?? null,
  isEstimated: row.isEstimated,
  schedule: row.schedule,
  text: row.body,
  lowerLimit: row.lowerLimit,
  upperLimit: row.upperLimit,
  raw: row.raw,
  issuedAt: row.issuedAt.toISOString(),
});

const invalid = (message: string, field = 'text') => new AppError(ErrorCode.validation, message, field);

/**
 * Issues a notice (administrators, `notam.issue`): parsed and checked (every problem in one
 * message, item by item), its airports known when it is for airports, its number unused; a
 * NOTAMR or NOTAMC ends the notice it names, which must exist and still be in force.
 */
export const issueNotam = async (db: Database, caller: Caller, request: TIssueNotamRequest, now: Date): Promise<TNotam> => {
  await requireAccess(db, caller, 'notam.issue');
  const parsed = parseNotam(request.text, now);
  if (!parsed.ok) throw invalid(parsed.problems.map((problem) => problem.message).join('; '));
  const notam = parsed.notam;
  if (request.audience === 'AIRPORTS') {
    const known = await Promise.all(notam.locations.map((ident) => airportExists(db, ident)));
    const unknown = notam.locations.filter((_, i) => !known[i]);
    if (unknown.length > 0) throw invalid(`A) ${unknown.join(', ')}: unknown airport${unknown.length > 1 ? 's' : ''}; a notice for everyone may name a FIR instead`);
  }
  return db.transaction(async (tx) => {
    let ended: NotamRow | undefined;
    if (notam.refersTo) {
      const match = /^([A-Z])(\d{4})\/(\d{2})$/.exec(notam.refersTo)!;
      ended = await findNotamByReference(tx, { series: match[1]!, number: Number(match[2]), year: 2000 + Number(match[3]) });
      if (!ended) throw invalid(`${notam.refersTo} does not exist: there is nothing to ${notam.kind === 'REPLACE' ? 'replace' : 'cancel'}`);
      if (ended.endedById) throw invalid(`${notam.refersTo} was already replaced or cancelled`);
    }
    const row = await insertNotam(tx, {
      series: notam.series,
      number: notam.number,
      year: notam.year,
      kind: notam.kind,
      refersTo: notam.refersTo,
      audience: request.audience,
      fir: notam.q.fir,
      qCode: notam.q.code,
      traffic: notam.q.traffic,
      purpose: notam.q.purpose,
      scope: notam.q.scope,
      lowerFl: notam.q.lowerFl,
      upperFl: notam.q.upperFl,
      latitudeDeg: notam.q.latitudeDeg.toFixed(4),
      longitudeDeg: notam.q.longitudeDeg.toFixed(4),
      radiusNm: notam.q.radiusNm,
      locations: notam.locations,
      validFrom: new Date(notam.validFrom),
      validUntil: notam.validUntil ? new Date(notam.validUntil) : null,
      isEstimated: notam.isEstimated,
      schedule: notam.schedule,
      body: notam.text,
      lowerLimit: notam.lowerLimit,
      upperLimit: notam.upperLimit,
      raw: request.text.trim(),
      issuedById: caller.id,
      issuedAt: now,
    });
    if (!row) throw new AppError(ErrorCode.conflict, `${notamReference(notam)} is already issued: use the next number`, 'text');
    if (ended) await endNotam(tx, ended.id, row.id);
    return toNotam(row);
  });
};

/** Notices in force now, all or those about the given airports (and everyone's). */
export const listNotamsInForce = async (db: DbExecutor, now: Date, airports?: string): Promise<TNotam[]> => {
  const idents = airports ? [...new Set(airports.toUpperCase().split(','))] : undefined;
  return (await findNotamsInForce(db, now, idents)).map(toNotam);
};

export const canIssueNotams = async (db: DbExecutor, caller: Caller): Promise<boolean> => {
  try {
    await requireAccess(db, caller, 'notam.issue');
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === ErrorCode.forbidden) return false;
    throw error;
  }
};
