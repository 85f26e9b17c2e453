import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { ZAircraftIcao } from '../reference/aircraft-information';
import { ZAirportIdent } from '../reference/airport-contract';
import { canonicalJson } from '../ledger/ledger-record';

/**
 * The `contrail:` deep link that opens the desktop tracker with a flight plan
 * (docs/decisions/0048-flight-plan-deep-link.md). The server builds it from the plan's parameters
 * and signs them with its Ed25519 key; the `hash` parameter is that signature. The tracker checks
 * it with the public key of the server it is set up for, so a link edited by hand, or made by
 * someone else, is refused.
 */
export const DEEP_LINK_SCHEME = 'contrail';
export const FLIGHT_PLAN_LINK_HOST = 'flight-plan';
/** A link is good for a day: long enough to open it later, short enough that old links die. */
export const FLIGHT_PLAN_LINK_TTL_MS = 24 * 3_600_000;

export const FlightPlanLinkType = ['NORMAL', 'PNC'] as const;

/** What the pilot configured: the fields a link carries (besides the server, the expiry and the hash). */
export const ZFlightPlanLinkRequest = z.object({
  flightNumber: z
    .string()
    .trim()
    .min(2)
    .max(10)
    .regex(/^[A-Za-z0-9-]+$/)
    .transform((value) => value.toUpperCase()),
  aircraftIcao: z.string().trim().toUpperCase().pipe(ZAircraftIcao),
  departureIdent: z.string().trim().toUpperCase().pipe(ZAirportIdent),
  arrivalIdent: z.string().trim().toUpperCase().pipe(ZAirportIdent),
  cruiseLevelFt: z.number().int().min(1_000).max(60_000),
  type: z.enum(FlightPlanLinkType),
});
export type TFlightPlanLinkRequest = z.infer<typeof ZFlightPlanLinkRequest>;

export const ZFlightPlanLinkResponse = z.object({ link: z.string(), expiresAt: z.string() });
export const ZDeepLinkKey = z.object({ algorithm: z.literal('Ed25519'), publicKey: z.string() });

/** Everything the hash covers. */
export type TFlightPlanLink = TFlightPlanLinkRequest & {
  /** The address the pilot's browser reached the server by (shown; the key, not this, decides). */
  server: string;
  /** Expiry, milliseconds since the epoch. */
  expiresAtMs: number;
};

const PARAMS = {
  server: 'server',
  flightNumber: 'flightNumber',
  aircraftIcao: 'aircraft',
  departureIdent: 'from',
  arrivalIdent: 'to',
  cruiseLevelFt: 'cruiseLevel',
  type: 'type',
  expiresAtMs: 'exp',
} as const satisfies Record<keyof TFlightPlanLink, string>;

/** The bytes signed: a fixed label (so no other signed text of the server can pass as a link) and the canonical JSON. */
const signedBytes = (plan: TFlightPlanLink): Uint8Array => utf8ToBytes(`contrail-flight-plan-link/v1\n${canonicalJson(plan)}`);

export const deepLinkPublicKey = (secretKey: Uint8Array): string => bytesToHex(ed25519.getPublicKey(secretKey));

/** The link for a plan, signed with the server's key. */
export const buildFlightPlanLink = (plan: TFlightPlanLink, secretKey: Uint8Array): string => {
  const query = new URLSearchParams();
  for (const [field, name] of Object.entries(PARAMS) as [keyof TFlightPlanLink, string][]) query.set(name, String(plan[field]));
  query.set('hash', bytesToHex(ed25519.sign(signedBytes(plan), secretKey)));
  return `${DEEP_LINK_SCHEME}://${FLIGHT_PLAN_LINK_HOST}?${query.toString()}`;
};

export type FlightPlanLinkCheck =
  | { ok: true; plan: TFlightPlanLink }
  | { ok: false; reason: 'not-a-link' | 'bad-hash' | 'expired'; message: string };

const refuse = (reason: Exclude<FlightPlanLinkCheck, { ok: true }>['reason'], message: string): FlightPlanLinkCheck => ({ ok: false, reason, message });

/**
 * Reads and checks a link: its form, the hash against the public key of the tracker's server, and
 * its expiry. A good hash means that server made the link, whatever name it was reached by
 * (localhost or 127.0.0.1), so `server` is not compared. The messages are the pilot's words; the tracker prints them as they are.
 */
export const checkFlightPlanLink = (link: string, expected: { publicKey: string; nowMs: number }): FlightPlanLinkCheck => {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return refuse('not-a-link', 'This is not a Contrail flight plan link.');
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.hostname !== FLIGHT_PLAN_LINK_HOST) return refuse('not-a-link', 'This is not a Contrail flight plan link.');
  const read = (name: string) => url.searchParams.get(name) ?? '';
  const parsed = ZFlightPlanLinkRequest.safeParse({
    flightNumber: read(PARAMS.flightNumber),
    aircraftIcao: read(PARAMS.aircraftIcao),
    departureIdent: read(PARAMS.departureIdent),
    arrivalIdent: read(PARAMS.arrivalIdent),
    cruiseLevelFt: Number(read(PARAMS.cruiseLevelFt)),
    type: read(PARAMS.type),
  });
  const expiresAtMs = Number(read(PARAMS.expiresAtMs));
  const hash = read('hash');
  const tampered = 'This flight plan link has been changed or was not made by your Contrail server, so the tracker will not open it. Open the flight configuration again and use a fresh link.';
  if (!parsed.success || !Number.isSafeInteger(expiresAtMs) || !/^[0-9a-f]{128}$/.test(hash)) return refuse('bad-hash', tampered);
  const plan: TFlightPlanLink = { ...parsed.data, server: read(PARAMS.server), expiresAtMs };
  let valid = false;
  try {
    valid = ed25519.verify(hexToBytes(hash), signedBytes(plan), hexToBytes(expected.publicKey), { zip215: false });
  } catch {
    valid = false;
  }
  if (!valid) return refuse('bad-hash', tampered);
  if (plan.expiresAtMs < expected.nowMs) return refuse('expired', 'This flight plan link has expired (links are good for a day). Open the flight configuration again for a fresh one.');
  return { ok: true, plan };
};
