// A flight in progress and its tracker: the uplink handshake, the frames, the controls (diversion
// and the like), a new tracker token (resume) and the cancellation. Completion has its own file.
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import type { TResumeFlightResponse } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import { ZUplinkAuth } from '@contrail/domain/live/uplink-contract';
import { getAirportWithRunways, toFlightAirport } from '../airport/airport.service';
import { finishMission, notInProgress, requireOwnFlight, type Caller, type FlightContext } from './flight-context';
import type { BatchResult, FlightMessage, LiveFlight } from './flight-runtime';
import { airlineEvents } from '../webhook/airline-events';
import { generateFlightToken, isFlightTokenValid } from './flight-token';
import { countFrames, deleteFrames, findFlightById, lockFlight, updateFlight, type FlightRow } from './flight.repository';

/**
 * The flight an uplink handshake opens, or null (unknown flight, wrong token, flight over). A
 * tracker recording the built-in simulator makes the flight practice, for good: a later uplink
 * naming another simulator does not make its frames a real simulator's.
 */
export const authenticateUplink = async (ctx: FlightContext, auth: unknown): Promise<{ flightId: string; userId: string } | null> => {
  const parsed = ZUplinkAuth.safeParse(auth);
  if (!parsed.success) return null;
  const row = await findFlightById(ctx.deps.db, parsed.data.flightId);
  if (!row || row.status !== 'in_progress' || !isFlightTokenValid(parsed.data.token, row.tokenHash)) return null;
  if (parsed.data.simulator === 'builtin' && !row.practice) await updateFlight(ctx.deps.db, row.id, { practice: true });
  return { flightId: row.id, userId: row.userId };
};

/** A tracker (re)connected: (re)load the flight from the database, so this instance holds the truth. */
export const openUplink = async (ctx: FlightContext, flightId: string): Promise<LiveFlight | null> =>
  ctx.runtime.serialize(flightId, async () => {
    ctx.runtime.evict(flightId);
    return ctx.runtime.load(flightId);
  });

export const ingestFrames = async (ctx: FlightContext, flightId: string, items: readonly unknown[]): Promise<BatchResult> =>
  ctx.runtime.serialize(flightId, async () => {
    const live = await ctx.runtime.load(flightId);
    if (!live) throw notInProgress();
    const result = await ctx.runtime.ingest(live, items);
    // Only an airline's flight has step events to publish: the others skip reading their row.
    if (result.hasSetChanged && live.isAirlineFlight) {
      await airlineEvents.flightStep(ctx.deps.db, await findFlightById(ctx.deps.db, flightId), live.step, ctx.deps.clock.now());
    }
    if (result.hasSetChanged) ctx.channels.notifyLive('set');
    else if (result.hasMoved) ctx.channels.notifyLive('position');
    return result;
  });

export const controlFlight = async (
  ctx: FlightContext,
  flightId: string,
  control: TFlightControl,
): Promise<{ result: TFlightControlResult; messages: FlightMessage[] }> =>
  ctx.runtime.serialize(flightId, async () => {
    const live = await ctx.runtime.load(flightId);
    if (!live) throw notInProgress();
    let diversion: TFlightAirport | null = null;
    if (control.type === 'DivertFlight') {
      const airport = await getAirportWithRunways(ctx.deps.db, control.arrival.ident);
      diversion = airport ? toFlightAirport(airport) : null;
    }
    const outcome = await ctx.runtime.control(live, control, diversion);
    if (control.type === 'DivertFlight' && outcome.result.accepted) ctx.channels.notifyLive('set');
    return outcome;
  });

// ---- resume, cancel ------------------------------------------------------------------------

const ownInProgressFlight = async (ctx: FlightContext, caller: Caller, flightId: string): Promise<FlightRow> => {
  const row = await requireOwnFlight(ctx.deps.db, caller, 'flight.fly', await findFlightById(ctx.deps.db, flightId));
  if (row.status !== 'in_progress') throw notInProgress();
  return row;
};

/**
 * POST /v1/flight/{id}/resume: a new tracker token for the caller's in-progress flight, e.g. after
 * the tracker's machine was lost. The old token stops working and its uplink is closed.
 */
export const resumeFlight = async (ctx: FlightContext, caller: Caller, flightId: string): Promise<TResumeFlightResponse> =>
  ctx.runtime.serialize(flightId, async () => {
    const { db, clock } = ctx.deps;
    const row = await ownInProgressFlight(ctx, caller, flightId);
    const { token, tokenHash } = generateFlightToken();
    await updateFlight(db, row.id, { tokenHash, updatedAt: clock.now() });
    ctx.runtime.evict(row.id);
    ctx.channels.releaseFlight(row.id, { disconnect: true });
    const { maxSeq } = await countFrames(db, row.id);
    return { id: row.id, token, lastAckSeq: Math.max(maxSeq, row.snapshotSeq) };
  });

/** Cancels an in-progress flight (the browser's POST /v1/flight/{id}/cancel, or the tracker's `cancel`). Nothing is paid. */
export const cancelFlight = async (ctx: FlightContext, caller: Pick<Caller, 'id'>, flightId: string): Promise<{ flightId: string }> =>
  ctx.runtime.serialize(flightId, async () => {
    const { db, clock } = ctx.deps;
    const row = await requireOwnFlight(db, caller, 'flight.fly', await findFlightById(db, flightId));
    if (row.status !== 'in_progress') throw notInProgress();
    const now = clock.now();
    await db.transaction(async (tx) => {
      const locked = await lockFlight(tx, flightId);
      if (locked?.status !== 'in_progress') throw notInProgress();
      await updateFlight(tx, flightId, { status: 'canceled', endedAt: now, updatedAt: now, snapshot: null });
      await deleteFrames(tx, flightId);
      if (row.missionId) await finishMission(tx, flightId, 'CANCELLED', now);
      if (row.type === 'AIRLINE') await ctx.airlineFlights.cancelFlight(tx, flightId, now);
    });
    ctx.runtime.evict(flightId);
    ctx.channels.toFlight(flightId, { event: 'FlightCanceled', payload: { flightId } });
    ctx.channels.releaseFlight(flightId, { disconnect: false });
    ctx.channels.notifyLive('set');
    return { flightId };
  });
