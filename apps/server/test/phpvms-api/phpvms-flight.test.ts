import { eq } from 'drizzle-orm';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { flights } from '../../src/modules/flight/flight.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { shortHopFrames } from '../flight/support/flight-kit';
import { phpvmsClient, pilotWithKey, positionsOf, sendPositions, shortHopPrefile } from './phpvms-kit';

type Pirep = { id: string; state: number; status: string; distance: { nmi: number }; flight_time: number; landing_rate: number | null; contrail: { flight_id: string; flight_log_id: string | null; review_status: string | null; review_reasons: { code: string }[]; fc: number | null }; declared: { distance: { nmi: number } | null; flight_time: number | null } };

/**
 * Issue 35's proof: a whole flight flown through the phpVMS API by a scripted client sending a
 * recorded flight's positions (the simulator's EGLL to LFPG A320 hop) at 5 s and at 30 s, ending
 * in a judged, paid Contrail flight log; and one whose declared distance and time lie.
 */
describe('a whole flight through the phpVMS API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const fly = async (everyMs: number, declared: { distance: number; flight_time: number; fuel_used: number }) => {
    const pilot = await pilotWithKey(t.app);
    const client = phpvmsClient(t.app, pilot.apiKey);
    const frames = shortHopFrames(t.clock.now().getTime());
    const prefiled = await client.post('/pireps/prefile', shortHopPrefile());
    expect(prefiled.statusCode, prefiled.body).toBe(200);
    const pirep = prefiled.json<{ data: Pirep }>().data;
    const positions = positionsOf(frames, everyMs);
    await sendPositions(client, pirep.id, positions);
    // On the live map like any other flight, while in progress.
    const [flightRow] = await t.app.deps.db.select().from(flights).where(eq(flights.id, pirep.contrail.flight_id));
    expect(flightRow?.status).toBe('in_progress');
    const filed = await client.post(`/pireps/${pirep.id}/file`, declared);
    expect(filed.statusCode, filed.body).toBe(200);
    const result = filed.json<{ data: Pirep }>().data;
    const [log] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.flightId, pirep.contrail.flight_id));
    // The same flight at 1 s through the reference engine: what the sparse track is compared with.
    const reference = createFlightEngine(flightRow!.plan);
    for (const frame of frames) reference.ingest(frame);
    const truth = reference.complete();
    console.info(
      `every ${everyMs / 1000} s: ${positions.length} positions; flown ${log!.distanceNm} NM (1 s: ${Math.round(truth.statistics.airborneDistanceNm ?? truth.statistics.nauticalDistanceNm)}), ` +
        `${Math.round(log!.flightDurationSeconds / 60)} min (1 s: ${Math.round(truth.statistics.flightDurationSeconds / 60)}), ` +
        `touchdown ${log!.outcome.landing?.verticalSpeedFpm ?? '-'} fpm known=${String(log!.outcome.landing?.isRateKnown)} (1 s: ${truth.landing?.verticalSpeedFpm ?? '-'} fpm), ` +
        `review ${log!.reviewStatus} ${JSON.stringify(log!.reviewReasons.map((r) => r.code))}, fc ${log!.fc}`,
    );
    const paid = await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.userId, pilot.user.id));
    return { pilot, result, log: log!, paid, positions, frames };
  };

  it('at 5 s: judged from the positions and paid, the report accepted or waiting as the verdict says', async () => {
    const { result, log, paid } = await fly(5_000, { distance: 190, flight_time: 60, fuel_used: 9000 });
    expect(log.isArrived).toBe(true);
    expect(log.distanceNm).toBeGreaterThan(150);
    expect(result.contrail.flight_log_id).toBe(log.id);
    expect(result.state).toBe(log.reviewStatus === 'accepted' ? 2 : log.reviewStatus === 'pending' ? 1 : 6);
    expect(result.distance.nmi).toBe(log.distanceNm);
    if (log.reviewStatus === 'accepted') expect(paid.some((row) => row.amount > 0)).toBe(true);
  }, 120_000);

  // At 5 s the last airborne position is on the approach, before the flare: its vertical speed is not
  // the touchdown's, so the engine leaves the rate unknown and the judge asks for a review.
  it('at 5 s: a touchdown between two positions has an unknown rate, so the flight waits for a review', async () => {
    const { result, log } = await fly(5_000, { distance: 190, flight_time: 60, fuel_used: 9000 });
    expect(result.landing_rate).toBeNull();
    expect(log.reviewReasons.map((reason) => reason.code)).toContain('TOUCHDOWN_DATA_GAP');
  }, 120_000);

  it('at 30 s: the touchdown is not seen, so its rate is unknown and the flight goes to review, never a made-up landing', async () => {
    const { result, log } = await fly(30_000, { distance: 190, flight_time: 60, fuel_used: 9000 });
    expect(log.isArrived).toBe(true);
    expect(result.landing_rate).toBeNull();
    expect(log.reviewReasons.map((reason) => reason.code)).toContain('TOUCHDOWN_DATA_GAP');
    expect(result.state).toBe(1);
  }, 120_000);

  it('a report whose declared distance and flight time lie is paid by what the positions show', async () => {
    const honest = await fly(5_000, { distance: 190, flight_time: 60, fuel_used: 9000 });
    const liar = await fly(5_000, { distance: 4000, flight_time: 600, fuel_used: 1 });
    expect(liar.result.declared).toMatchObject({ distance: { nmi: 4000 }, flight_time: 600 });
    expect(liar.log.distanceNm).toBe(honest.log.distanceNm);
    expect(liar.result.distance.nmi).toBe(honest.log.distanceNm);
    expect(liar.log.fc).toBe(honest.log.fc);
    expect(liar.result.flight_time).toBe(honest.result.flight_time);
  }, 180_000);
});
