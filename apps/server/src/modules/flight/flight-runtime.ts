import { createFlightEngine, restoreFlightEngine, type FlightEngine } from '@contrail/domain/flight/flight-engine';
import type { EngineUpdate } from '@contrail/domain/flight/flight-engine-types';
import type { FlightEvent } from '@contrail/domain/flight/flight-event-codes';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import type { FlightStep } from '@contrail/domain/flight/flight-step';
import type { FlightServerMessages, TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import type { TFrameBatchAck } from '@contrail/domain/live/uplink-contract';
import type { Database } from '../../db/database';
import { findFlightById, findFramesAfter, type FlightRow } from './flight.repository';
import { readTelemetryFrame } from './frame-reader';
import type { FlightStateUpdate, FrameRow, FrameWriter } from './frame-writer';
import { ingestProbe, type GroupTiming } from './ingest-probe';

/**
 * The engine state is written to the flights row once per interval of this many frames (bounds the
 * replay after a restart). Each flight's intervals start at its own phase, so flights that started
 * together (a group event, every flight of a benchmark) write their snapshots spread evenly over
 * the interval, from the first one on, instead of all in the same stretch of seconds.
 */
export const SNAPSHOT_INTERVAL_FRAMES = 75;
/**
 * TrackerCoreAcarsFlight goes out with every batch that changed the step or raised an event, and
 * otherwise (position and statistics only) once per interval of this length per flight, in frame
 * time: one message per frame would double the server's Socket.IO traffic for figures the tracker
 * shows from its own simulator anyway. Each flight's intervals start at its own phase: trackers
 * stamp frames with the clock, so with intervals counted from each flight's first frame, every
 * flight resumed after a restart (or started in the same second) would send in the same second,
 * one message more per flight every fifth second.
 */
export const ACARS_QUIET_INTERVAL_MS = 5000;

/** A number fixed per flight, spread evenly over flights (a UUID's first 32 bits). */
const spreadOf = (flightId: string, range: number): number => Number.parseInt(flightId.slice(0, 8), 16) % range || 0;

/** Whether `to` lies in another of a flight's intervals than `from`, its intervals starting at `phase`. */
const entersAnotherInterval = (interval: number, phase: number, from: number, to: number): boolean =>
  Math.floor((to + phase) / interval) !== Math.floor((from + phase) / interval);

/** Where a flight's snapshot intervals start, 0 to SNAPSHOT_INTERVAL_FRAMES - 1. */
export const snapshotPhaseOf = (flightId: string): number => spreadOf(flightId, SNAPSHOT_INTERVAL_FRAMES);

/** A snapshot is due when the batch's last sequence has entered another of the flight's intervals. */
export const isSnapshotDue = (phase: number, snapshotSeq: number, lastSeq: number): boolean =>
  entersAnotherInterval(SNAPSHOT_INTERVAL_FRAMES, phase, snapshotSeq, lastSeq);

/** Where a flight's quiet ACARS intervals start, 0 to ACARS_QUIET_INTERVAL_MS. */
export const acarsPhaseOf = (flightId: string): number => spreadOf(flightId, ACARS_QUIET_INTERVAL_MS);

/** A quiet TrackerCoreAcarsFlight is due when the frame time has entered another of the flight's intervals. */
export const isQuietAcarsDue = (phaseMs: number, lastSentTimeMs: number, frameTimeMs: number): boolean =>
  entersAnotherInterval(ACARS_QUIET_INTERVAL_MS, phaseMs, lastSentTimeMs, frameTimeMs);

/** One message for the tracker (and through it the browser), with the spec's name. */
export type FlightMessage = {
  [K in keyof FlightServerMessages]: { event: K; payload: Parameters<FlightServerMessages[K]>[0] };
}[keyof FlightServerMessages];

/** A flight in progress held in memory: its engine and the last stored sequence number. */
export type LiveFlight = {
  id: string;
  userId: string;
  isPNC: boolean;
  /** An airline's flight (its steps may be published to the airline's webhooks); fixed at registration. */
  isAirlineFlight: boolean;
  engine: FlightEngine;
  lastSeq: number;
  snapshotSeq: number;
  step: FlightStep;
  isReadyToEndFlight: boolean;
  /** Where this flight's snapshot intervals start, 0 to SNAPSHOT_INTERVAL_FRAMES - 1. */
  snapshotPhase: number;
  /** Frame time of the last TrackerCoreAcarsFlight sent (not persisted: a restart sends one at once). */
  lastAcarsTimeMs: number;
  /** Where this flight's quiet ACARS intervals start, 0 to ACARS_QUIET_INTERVAL_MS. */
  acarsPhaseMs: number;
};

export type BatchResult = {
  ack: TFrameBatchAck;
  messages: FlightMessage[];
  /** A new step or the first position: live maps should refresh soon. */
  hasSetChanged: boolean;
  hasMoved: boolean;
  /** Where the batch spent its time, only while a benchmark's ingest probe is set (ingest-probe.ts). */
  timing?: { workStartedAt: number; engineDoneAt: number; group: GroupTiming; resumedAt: number };
};

/** Engine events that are also cabin messages of their own (spec "toggles, food serving and announcement start/end/stop"). */
const cabinMessageOf = (flightId: string, event: FlightEvent): FlightMessage | null => {
  const toggles = { SEAT_BELT_SIGN_SWITCHED: 'SeatBeltSignSwitched', IFE_SWITCHED: 'IfeSwitched', DUTY_FREE_SWITCHED: 'DutyFreeSwitched' } as const;
  const activities = {
    ANNOUNCEMENT_STARTED: 'AnnouncementStarted',
    ANNOUNCEMENT_ENDED: 'AnnouncementEnded',
    ANNOUNCEMENT_STOPPED: 'AnnouncementStopped',
    FOOD_SERVICE_STARTED: 'FoodServingStarted',
    FOOD_SERVICE_ENDED: 'FoodServingEnded',
    FOOD_SERVICE_STOPPED: 'FoodServingStopped',
  } as const;
  if (event.key === 'SEAT_BELT_SIGN_SWITCHED' || event.key === 'IFE_SWITCHED' || event.key === 'DUTY_FREE_SWITCHED') {
    return { event: toggles[event.key], payload: { flightId, isOn: event.data.isOn } };
  }
  if (
    event.key === 'ANNOUNCEMENT_STARTED' ||
    event.key === 'ANNOUNCEMENT_ENDED' ||
    event.key === 'ANNOUNCEMENT_STOPPED' ||
    event.key === 'FOOD_SERVICE_STARTED' ||
    event.key === 'FOOD_SERVICE_ENDED' ||
    event.key === 'FOOD_SERVICE_STOPPED'
  ) {
    return { event: activities[event.key], payload: { flightId, type: event.data.type } };
  }
  if (event.key === 'CRUISE_LEVEL_CHANGED') return { event: 'CruiseLevelChanged', payload: { flightId, cruiseLevelFt: event.data.toFt } };
  return null;
};

/** Several engine updates (one per frame of a batch) folded into one. */
type Folded = {
  stepChanges: EngineUpdate['stepChanges'];
  events: FlightEvent[];
  incidents: EngineUpdate['incidents'];
  last: EngineUpdate | null;
  pncData: EngineUpdate['pncData'];
};

const fold = (into: Folded, update: EngineUpdate) => {
  into.stepChanges.push(...update.stepChanges);
  into.events.push(...update.events);
  into.incidents.push(...update.incidents);
  if (update.pncData) into.pncData = update.pncData;
  into.last = update;
};

const newFolded = (): Folded => ({ stepChanges: [], events: [], incidents: [], last: null, pncData: null });

/** The messages one folded update sends, in the order the browser should apply them. */
const messagesOf = (flight: LiveFlight, folded: Folded, wasReady: boolean, withAcars: boolean): FlightMessage[] => {
  const flightId = flight.id;
  const messages: FlightMessage[] = [];
  if (withAcars && folded.last) {
    messages.push({
      event: 'TrackerCoreAcarsFlight',
      payload: {
        flightId,
        step: flight.step,
        stepChanges: folded.stepChanges,
        events: folded.events,
        statistics: folded.last.statistics,
        position: folded.last.position,
      },
    });
  }
  for (const event of folded.events) {
    const message = cabinMessageOf(flightId, event);
    if (message) messages.push(message);
  }
  for (const incident of folded.incidents) messages.push({ event: 'Incident', payload: { flightId, ...incident } });
  if (folded.pncData) messages.push({ event: 'PncData', payload: { flightId, ...folded.pncData } });
  if (!wasReady && flight.isReadyToEndFlight) messages.push({ event: 'ReadyToEndFlight', payload: { flightId } });
  return messages;
};

type ParsedItem = { seq: number; raw: unknown };

/** The queue of a flight with no operation under way. */
const IDLE: Promise<unknown> = Promise.resolve();

const seqOf = (item: unknown): number | null => {
  if (item === null || typeof item !== 'object') return null;
  const seq = (item as { seq?: unknown }).seq;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 ? seq : null;
};

/**
 * The in-memory side of frame ingestion (docs/decisions/0006-frame-ingestion.md): one engine per
 * flight in progress on this instance, fed in sequence order. Every operation on a flight runs
 * through `serialize`, one at a time per flight, so batches, controls, completion and cancel never
 * interleave. Nothing here is the source of truth: a flight not in memory is rebuilt from its
 * last snapshot and the stored frames after it.
 */
export class FlightRuntime {
  private readonly flights = new Map<string, LiveFlight>();
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly writer: FrameWriter,
  ) {}

  /** Runs `work` after every earlier operation on the same flight has finished. */
  serialize<T>(flightId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(flightId) ?? IDLE;
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(flightId, tail);
    void tail.then(() => {
      if (this.tails.get(flightId) !== tail) return;
      // A flight held here keeps its entry: deleting and adding it again with every batch (5,000
      // a second at 5,000 flights) makes the map rebuild its table over and over, a table large
      // enough to be allocated in V8's old generation.
      if (this.flights.has(flightId)) this.tails.set(flightId, IDLE);
      else this.tails.delete(flightId);
    });
    return result;
  }

  /** The flight held in memory on this instance, if any. */
  peek(flightId: string): LiveFlight | undefined {
    return this.flights.get(flightId);
  }

  /** Forgets a flight (it ended, or another instance took its uplink, or a write failed). */
  evict(flightId: string): void {
    this.flights.delete(flightId);
    // With an operation under way, its end removes the entry (the flight is no longer held).
    if (this.tails.get(flightId) === IDLE) this.tails.delete(flightId);
  }

  get size(): number {
    return this.flights.size;
  }

  /** Whether the flight has an entry in the operations' queues: while held here, or while an operation on it is under way. */
  hasQueue(flightId: string): boolean {
    return this.tails.has(flightId);
  }

  /** The flight in memory, loading it from the database when absent. Null when it is not in progress. Call inside `serialize`. */
  async load(flightId: string): Promise<LiveFlight | null> {
    const held = this.flights.get(flightId);
    if (held) return held;
    const restored = await this.restore(flightId);
    if (restored) this.flights.set(flightId, restored);
    return restored;
  }

  /**
   * Rebuilds a flight from the database without keeping it: the last snapshot, then every stored
   * frame after it, in order. An unreadable snapshot falls back to replaying every frame.
   */
  async restore(flightId: string, row?: FlightRow): Promise<LiveFlight | null> {
    const flight = row ?? (await findFlightById(this.db, flightId));
    if (!flight || flight.status !== 'in_progress') return null;
    let engine: FlightEngine;
    let fromSeq = flight.snapshotSeq;
    try {
      engine = flight.snapshot ? restoreFlightEngine(flight.snapshot) : createFlightEngine(flight.plan);
    } catch {
      engine = createFlightEngine(flight.plan);
      fromSeq = 0;
    }
    let lastSeq = fromSeq;
    for (const { seq, frame } of await findFramesAfter(this.db, flightId, fromSeq)) {
      if (frame) engine.ingest(frame);
      lastSeq = seq;
    }
    return {
      id: flight.id,
      userId: flight.userId,
      isPNC: flight.plan.isPNC,
      isAirlineFlight: flight.type === 'AIRLINE' && flight.virtualAirlineId !== null,
      engine,
      lastSeq,
      snapshotSeq: flight.snapshotSeq,
      step: engine.currentStep(),
      isReadyToEndFlight: engine.isReadyToEndFlight(),
      snapshotPhase: snapshotPhaseOf(flight.id),
      lastAcarsTimeMs: 0,
      acarsPhaseMs: acarsPhaseOf(flight.id),
    };
  }

  /**
   * Ingests one batch: frames are ordered by sequence, those already stored are skipped, a gap
   * stops the batch (the frames after it are refused as `out_of_order`, the tracker sends them
   * again), a malformed frame consumes its sequence number with a refusal. The engine runs on each
   * frame, the rows go to the group commit, and the answer comes once they are durable.
   * Call inside `serialize`.
   */
  async ingest(flight: LiveFlight, items: readonly unknown[]): Promise<BatchResult> {
    const workStartedAt = ingestProbe() ? performance.now() : 0;
    const rejected: TFrameBatchAck['rejected'] = [];
    const numbered: ParsedItem[] = [];
    for (const raw of items) {
      const seq = seqOf(raw);
      if (seq === null) rejected.push({ seq: null, reason: 'malformed: seq must be a positive integer' });
      else numbered.push({ seq, raw });
    }
    numbered.sort((a, b) => a.seq - b.seq);

    const wasReady = flight.isReadyToEndFlight;
    const stepBefore = flight.step;
    const wasEmpty = flight.lastSeq === 0;
    const folded = newFolded();
    const rows: FrameRow[] = [];
    let frameTimeMs = 0;
    let expected = flight.lastSeq + 1;
    for (const { seq, raw } of numbered) {
      if (seq < expected) continue; // already stored (a resend after a cut): exactly once
      if (seq > expected) {
        rejected.push({ seq, reason: `out_of_order: expected ${expected}` });
        continue;
      }
      expected += 1;
      const parsed = readTelemetryFrame((raw as { frame?: unknown }).frame);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        rejected.push({ seq, reason: `malformed: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid frame'}` });
        rows.push({ flightId: flight.id, seq, frame: null });
        continue;
      }
      const update = flight.engine.ingest(parsed.data);
      if (!update.accepted) rejected.push({ seq, reason: update.ignoredReason ?? 'ignored' });
      else {
        fold(folded, update);
        frameTimeMs = parsed.data.timeMs;
      }
      rows.push({ flightId: flight.id, seq, frame: parsed.data });
    }

    if (rows.length === 0) {
      return { ack: { ackSeq: flight.lastSeq, rejected }, messages: [], hasSetChanged: false, hasMoved: false };
    }
    const lastSeq = expected - 1;
    const stateUpdate: FlightStateUpdate = { flightId: flight.id };
    const step = flight.engine.currentStep();
    const isReady = flight.engine.isReadyToEndFlight();
    if (step !== stepBefore) stateUpdate.flightStep = step;
    if (isReady !== wasReady) stateUpdate.readyToEndFlight = isReady;
    const takesSnapshot = isSnapshotDue(flight.snapshotPhase, flight.snapshotSeq, lastSeq);
    if (takesSnapshot) stateUpdate.snapshot = { state: flight.engine.snapshot(), seq: lastSeq };

    const engineDoneAt = workStartedAt === 0 ? 0 : performance.now();
    let group: GroupTiming;
    try {
      const hasChanges = stateUpdate.flightStep !== undefined || stateUpdate.readyToEndFlight !== undefined || stateUpdate.snapshot !== undefined;
      group = await this.writer.write(rows, hasChanges ? stateUpdate : undefined);
    } catch (error) {
      // The engine moved past what is stored: forget it, the next call rebuilds it from the database.
      this.evict(flight.id);
      throw error;
    }
    flight.lastSeq = lastSeq;
    if (takesSnapshot) flight.snapshotSeq = lastSeq;
    flight.step = step;
    flight.isReadyToEndFlight = isReady;
    const sendsAcars =
      folded.last !== null &&
      (folded.stepChanges.length > 0 || folded.events.length > 0 || isQuietAcarsDue(flight.acarsPhaseMs, flight.lastAcarsTimeMs, frameTimeMs));
    if (sendsAcars) flight.lastAcarsTimeMs = frameTimeMs;
    return {
      ack: { ackSeq: lastSeq, rejected },
      messages: messagesOf(flight, folded, wasReady, sendsAcars),
      hasSetChanged: step !== stepBefore || wasEmpty,
      hasMoved: folded.last !== null,
      ...(workStartedAt === 0 ? {} : { timing: { workStartedAt, engineDoneAt, group, resumedAt: performance.now() } }),
    };
  }

  /**
   * Applies a pilot control (cabin, cruise level, diversion) and stores the engine state at once:
   * controls are not frames, so a restart must find them in the snapshot. Call inside `serialize`.
   */
  async control(
    flight: LiveFlight,
    control: TFlightControl,
    diversionAirport: TFlightAirport | null,
  ): Promise<{ result: TFlightControlResult; messages: FlightMessage[] }> {
    const wasReady = flight.isReadyToEndFlight;
    let update: EngineUpdate;
    if (control.type === 'DivertFlight') {
      if (!diversionAirport) return { result: { accepted: false, rejection: 'UNKNOWN_AIRPORT' }, messages: [] };
      update = flight.engine.divert(diversionAirport);
    } else {
      update = flight.engine.cabinCommand(control);
    }
    const result = update.commandResult ?? { accepted: update.accepted, rejection: null };
    const folded = newFolded();
    fold(folded, update);
    const state = flight.engine.snapshot();
    flight.step = flight.engine.currentStep();
    flight.isReadyToEndFlight = flight.engine.isReadyToEndFlight();
    try {
      await this.writer.write([], {
        flightId: flight.id,
        snapshot: { state, seq: flight.lastSeq },
        flightStep: flight.step,
        readyToEndFlight: flight.isReadyToEndFlight,
        arrivalIdent: state.plan.arrival.ident,
        cruiseLevelFt: state.plan.cruiseLevelFt,
      });
    } catch (error) {
      this.evict(flight.id);
      throw error;
    }
    flight.snapshotSeq = flight.lastSeq;
    const messages = messagesOf(flight, folded, wasReady, false);
    if (control.type === 'DivertFlight' && result.accepted && diversionAirport) {
      messages.unshift({ event: 'FlightDiverted', payload: { flightId: flight.id, arrival: diversionAirport } });
    }
    return { result, messages };
  }
}
