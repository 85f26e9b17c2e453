import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { buildFlightPlanLink, checkFlightPlanLink, deepLinkPublicKey, type TFlightPlanLink } from './flight-plan-link';

const secretKey = ed25519.utils.randomSecretKey();
const publicKey = deepLinkPublicKey(secretKey);
const server = 'https://contrail.example';
const now = Date.UTC(2026, 10, 27, 12);
const plan: TFlightPlanLink = {
  server,
  flightNumber: 'CTR123',
  aircraftIcao: 'A320',
  departureIdent: 'EGLL',
  arrivalIdent: 'LFPG',
  cruiseLevelFt: 24_000,
  type: 'NORMAL',
  expiresAtMs: now + 3_600_000,
};

describe('flight plan deep link', () => {
  it('round-trips: the link the server signs opens with the plan it was built from', () => {
    const link = buildFlightPlanLink(plan, secretKey);
    expect(link.startsWith('contrail://flight-plan?')).toBe(true);
    expect(checkFlightPlanLink(link, { publicKey, nowMs: now })).toEqual({ ok: true, plan });
  });

  it('refuses a link with any parameter changed, in plain words', () => {
    const link = buildFlightPlanLink(plan, secretKey);
    for (const [name, value] of [['to', 'KJFK'], ['aircraft', 'B744'], ['cruiseLevel', '35000'], ['exp', String(now + 99 * 3_600_000)], ['server', 'https://evil.example']]) {
      const url = new URL(link);
      url.searchParams.set(name!, value!);
      const check = checkFlightPlanLink(url.href, { publicKey, nowMs: now });
      expect(check.ok, name).toBe(false);
      if (!check.ok) expect(check.message).toContain('has been changed or was not made by your Contrail server');
    }
    const badHash = new URL(link);
    badHash.searchParams.set('hash', 'a'.repeat(128));
    expect(checkFlightPlanLink(badHash.href, { publicKey, nowMs: now })).toMatchObject({ ok: false, reason: 'bad-hash' });
    const noHash = new URL(link);
    noHash.searchParams.delete('hash');
    expect(checkFlightPlanLink(noHash.href, { publicKey, nowMs: now })).toMatchObject({ ok: false, reason: 'bad-hash' });
  });

  it('refuses a link signed by another key, expired, or not a flight plan link', () => {
    const other = buildFlightPlanLink(plan, ed25519.utils.randomSecretKey());
    expect(checkFlightPlanLink(other, { publicKey, nowMs: now })).toMatchObject({ ok: false, reason: 'bad-hash' });
    const link = buildFlightPlanLink(plan, secretKey);
    expect(checkFlightPlanLink(link, { publicKey, nowMs: now + 2 * 3_600_000 })).toMatchObject({ ok: false, reason: 'expired' });
    expect(checkFlightPlanLink('https://contrail.example/flight', { publicKey, nowMs: now })).toMatchObject({ ok: false, reason: 'not-a-link' });
    expect(checkFlightPlanLink('not a url', { publicKey, nowMs: now })).toMatchObject({ ok: false, reason: 'not-a-link' });
  });
});
