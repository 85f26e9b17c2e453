import { useSyncExternalStore } from 'react';
import type { PncData, PncIncident } from '@contrail/domain/flight/cabin-simulation';
import type { FlightEvent } from '@contrail/domain/flight/flight-event-codes';
import type { FlightStatistics, LivePosition } from '@contrail/domain/flight/flight-engine-types';
import type { TFlightAirport, TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { FlightStep } from '@contrail/domain/flight/flight-step';
import type { FlightType, TFlightCargo, TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import type { FlightServerMessages, TFlightCompleted, TFlightError } from '@contrail/domain/live/flight-messages';
import type { TSimulatorKind } from '@contrail/domain/live/tracker-hub-contract';
import { registerClientStateReset } from '../../../lib/client-state';
import { appendLivePoint, mergePositionHistory } from './position-history';

/** An airport picked in the configuration (ident and the label the search field shows). */
export type DraftAirport = { ident: string; label: string };

/** The flight being prepared: the configuration, then the PNC cabin. Kept for the browser tab. */
export type FlightDraft = {
  type: FlightType;
  flightNumber: string;
  aircraftIcao: string;
  cruiseLevelFt: number;
  departure: DraftAirport;
  arrival: DraftAirport;
  /** ISO 8601 UTC, null when not scheduled. */
  scheduledDepartureTime: string | null;
  scheduledArrivalTime: string | null;
  simulator: TSimulatorKind;
  /** Built-in simulator only: 1 (real time) to 128. */
  simulationRate: number;
  plan: TFlightPlanData | null;
  missionId: string | null;
  /** An AIRLINE flight: the airline whose booked plane it flies (the server reads the booking). */
  virtualAirlineId?: string | null;
  afrv: { key: string; bidId: string } | null;
  pax: TPaxByClass;
  cargos: TFlightCargo[];
  seatConfigurationId: string | null;
};

/** The flight registered on the server and recorded by the tracker. */
export type ActiveFlight = {
  flightId: string;
  /** The tracker token (shown once by the server); null after a reload until resumed. */
  token: string | null;
  type: FlightType;
  isPnc: boolean;
  flightNumber: string;
  plan: TFlightPlanData | null;
  pax: TPaxByClass | null;
};

/** What the hub's relayed server messages told about the active flight. */
export type LiveFlight = {
  flightId: string;
  step: FlightStep | null;
  statistics: FlightStatistics | null;
  position: LivePosition | null;
  /** Newest last, at most LIVE_EVENTS_MAX. */
  events: FlightEvent[];
  pncData: PncData | null;
  incidents: PncIncident[];
  isReadyToEndFlight: boolean;
  /** The new arrival after a diversion. */
  divertedTo: TFlightAirport | null;
  cruiseLevelFt: number | null;
  positionHistory: readonly TPositionHistoryPoint[];
  completed: TFlightCompleted | null;
  isCanceled: boolean;
  error: TFlightError | null;
};

export type FlightSessionState = {
  draft: FlightDraft | null;
  active: ActiveFlight | null;
  live: LiveFlight | null;
};

export const LIVE_EVENTS_MAX = 300;

export const emptyLiveFlight = (flightId: string): LiveFlight => ({
  flightId,
  step: null,
  statistics: null,
  position: null,
  events: [],
  pncData: null,
  incidents: [],
  isReadyToEndFlight: false,
  divertedTo: null,
  cruiseLevelFt: null,
  positionHistory: [],
  completed: null,
  isCanceled: false,
  error: null,
});

type Payload<K extends keyof FlightServerMessages> = Parameters<FlightServerMessages[K]>[0];

/**
 * Applies one relayed server message to the live flight. A
 * message about another flight changes nothing. Pure: `nowMs` times the live position points.
 */
export const applyFlightMessage = <K extends keyof FlightServerMessages>(
  live: LiveFlight | null,
  name: K,
  payload: Payload<K>,
  nowMs: number,
): LiveFlight | null => {
  const flightId = (payload as { flightId?: string }).flightId;
  if (name === 'FlightError') return live ? { ...live, error: payload as TFlightError } : live;
  if (live === null || flightId !== live.flightId) return live;
  switch (name) {
    case 'TrackerCoreAcarsFlight': {
      const update = payload as Payload<'TrackerCoreAcarsFlight'>;
      const position = update.position ?? live.position;
      return {
        ...live,
        step: update.step,
        statistics: update.statistics ?? live.statistics,
        position,
        events: update.events.length > 0 ? [...live.events, ...update.events].slice(-LIVE_EVENTS_MAX) : live.events,
        positionHistory: update.position
          ? appendLivePoint(live.positionHistory, {
              createdAt: new Date(nowMs).toISOString(),
              latitude: update.position.latitudeDeg,
              longitude: update.position.longitudeDeg,
              altitude: update.position.altitudeFtMsl,
              speed: update.position.groundSpeedKts,
            })
          : live.positionHistory,
      };
    }
    case 'Reconnection': {
      const reconnection = payload as Payload<'Reconnection'>;
      return { ...live, pncData: reconnection.pncData ?? live.pncData, error: null };
    }
    case 'PncData': {
      const { flightId: _flightId, ...pncData } = payload as Payload<'PncData'>;
      return { ...live, pncData, incidents: pncData.incidents.length >= live.incidents.length ? pncData.incidents : live.incidents };
    }
    case 'Incident': {
      const { flightId: _flightId, ...incident } = payload as Payload<'Incident'>;
      const isKnown = live.incidents.some((known) => known.code === incident.code && known.timeMs === incident.timeMs);
      return isKnown ? live : { ...live, incidents: [...live.incidents, incident] };
    }
    case 'ReadyToEndFlight':
      return { ...live, isReadyToEndFlight: true };
    case 'FlightDiverted':
      // A diverted flight updates the arrival and is ready to end.
      return { ...live, divertedTo: (payload as Payload<'FlightDiverted'>).arrival, isReadyToEndFlight: true };
    case 'CruiseLevelChanged':
      return { ...live, cruiseLevelFt: (payload as Payload<'CruiseLevelChanged'>).cruiseLevelFt };
    case 'FlightCompleted':
      return { ...live, completed: payload as TFlightCompleted };
    case 'FlightCanceled':
      return { ...live, isCanceled: true };
    case 'SeatBeltSignSwitched':
    case 'DutyFreeSwitched':
    case 'IfeSwitched': {
      if (!live.pncData) return live;
      const isOn = (payload as Payload<'IfeSwitched'>).isOn;
      const field = name === 'SeatBeltSignSwitched' ? 'seatBelt' : name === 'DutyFreeSwitched' ? 'dutyFree' : 'ife';
      return { ...live, pncData: { ...live.pncData, [field]: isOn } };
    }
    case 'AnnouncementEnded':
    case 'AnnouncementStopped':
      return live.pncData ? { ...live, pncData: { ...live.pncData, currentAnnouncement: null } } : live;
    case 'FoodServingEnded':
    case 'FoodServingStopped':
      return live.pncData ? { ...live, pncData: { ...live.pncData, currentFoodService: null } } : live;
    case 'PncReady':
    case 'AnnouncementStarted':
    case 'FoodServingStarted':
      // The PncData that follows carries the change.
      return live;
    case 'FlightError':
    default:
      return live;
  }
};

// --- the store --------------------------------------------------------------------------------

const STORAGE_KEY = 'contrail.flightSession';
type Persisted = Pick<FlightSessionState, 'draft' | 'active'>;

const readPersisted = (): Persisted => {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return { draft: null, active: null };
    const parsed = JSON.parse(raw) as Partial<Persisted>;
    return { draft: parsed.draft ?? null, active: parsed.active ?? null };
  } catch {
    return { draft: null, active: null };
  }
};

const initial = readPersisted();
let state: FlightSessionState = { ...initial, live: initial.active ? emptyLiveFlight(initial.active.flightId) : null };
const listeners = new Set<() => void>();

const setState = (next: FlightSessionState): void => {
  if (next === state) return;
  const isPersistedChanged = next.draft !== state.draft || next.active !== state.active;
  state = next;
  if (isPersistedChanged) {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ draft: state.draft, active: state.active }));
    } catch {
      // storage full (a large OFP): the tab keeps it in memory
    }
  }
  listeners.forEach((listener) => listener());
};

/**
 * The flight session of this browser tab: the draft
 * being configured, the active flight and what the hub pushed about it. Logout clears it.
 */
export const flightSession = {
  getState: (): FlightSessionState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setDraft: (draft: FlightDraft | null): void => setState({ ...state, draft }),
  updateDraft: (patch: Partial<FlightDraft>): void => {
    if (state.draft) setState({ ...state, draft: { ...state.draft, ...patch } });
  },
  /** A flight registered (or resumed): live data starts empty, the history from the server. */
  startFlight: (active: ActiveFlight): void =>
    setState({ ...state, active, live: state.live?.flightId === active.flightId ? { ...state.live, completed: null, isCanceled: false, error: null } : emptyLiveFlight(active.flightId) }),
  applyMessage: <K extends keyof FlightServerMessages>(name: K, payload: Payload<K>, nowMs = Date.now()): void => {
    const live = applyFlightMessage(state.live, name, payload, nowMs);
    if (live !== state.live) setState({ ...state, live });
  },
  /** Merges a refetched position history. */
  mergeHistory: (flightId: string, history: readonly TPositionHistoryPoint[]): void => {
    const live = state.live;
    if (!live || live.flightId !== flightId) return;
    const merged = mergePositionHistory(live.positionHistory, history);
    if (merged !== live.positionHistory) setState({ ...state, live: { ...live, positionHistory: merged } });
  },
  /** After completion or cancellation: the flight state is reset. */
  endFlight: (): void => setState({ draft: null, active: null, live: null }),
  clearError: (): void => {
    if (state.live?.error) setState({ ...state, live: { ...state.live, error: null } });
  },
  reset: (): void => {
    try {
      sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing stored
    }
    setState({ draft: null, active: null, live: null });
  },
};

registerClientStateReset(() => flightSession.reset());

export const useFlightSession = (): FlightSessionState =>
  useSyncExternalStore(flightSession.subscribe, flightSession.getState, flightSession.getState);
