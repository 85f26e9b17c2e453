import { ledgerRecordHash, type TLedgerRecord } from '@contrail/domain/ledger/ledger-record';
import type { FlightLogRow } from '../flight-log/flight-log.service';

type FlightLogFacts = Pick<
  FlightLogRow,
  | 'id'
  | 'flightId'
  | 'userId'
  | 'flightNumber'
  | 'type'
  | 'aircraftIcao'
  | 'departureIdent'
  | 'arrivalIdent'
  | 'startDate'
  | 'endDate'
  | 'flightDurationSeconds'
  | 'distanceNm'
  | 'isArrived'
  | 'flightScore'
  | 'fc'
  | 'xp'
> & { missionFcBonus?: number | undefined; missionXpBonus?: number | undefined };

/** The ledger record of a flight log: the same facts, whether read back from the database or about to be written. */
export const ledgerRecordOfLog = (log: FlightLogFacts): TLedgerRecord => ({
  version: 1,
  flightLogId: log.id,
  flightId: log.flightId,
  userId: log.userId,
  flightNumber: log.flightNumber,
  type: log.type,
  aircraftIcao: log.aircraftIcao,
  departureIdent: log.departureIdent,
  arrivalIdent: log.arrivalIdent,
  startDate: log.startDate.toISOString(),
  endDate: log.endDate.toISOString(),
  flightDurationSeconds: log.flightDurationSeconds,
  distanceNm: log.distanceNm,
  isArrived: log.isArrived,
  flightScore: log.flightScore,
  fc: log.fc,
  xp: log.xp,
  missionFcBonus: log.missionFcBonus ?? 0,
  missionXpBonus: log.missionXpBonus ?? 0,
});

export const ledgerHashOfLog = (log: FlightLogFacts): string => ledgerRecordHash(ledgerRecordOfLog(log));
