import canonicalize from 'canonicalize';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * What the ledger seals of a flight log: the facts a pilot's record stands on (who flew what,
 * where, when, and what it paid). The hash is SHA-256 of the record's canonical JSON (RFC 8785),
 * so anyone holding the same facts computes the same hash in any language.
 */
export type TLedgerRecord = {
  version: 1;
  flightLogId: string;
  flightId: string;
  userId: string;
  flightNumber: string;
  type: string;
  aircraftIcao: string;
  departureIdent: string;
  arrivalIdent: string;
  /** ISO 8601, UTC, milliseconds. */
  startDate: string;
  endDate: string;
  flightDurationSeconds: number;
  distanceNm: number;
  isArrived: boolean;
  flightScore: number;
  fc: number;
  xp: number;
  missionFcBonus: number;
  missionXpBonus: number;
};

/** Canonical JSON (RFC 8785): sorted keys, no spaces, one spelling per number. */
export const canonicalJson = (value: unknown): string => {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('this value has no JSON form');
  return text;
};

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

export const ledgerRecordHash = (record: TLedgerRecord): string => sha256Hex(canonicalJson(record));
