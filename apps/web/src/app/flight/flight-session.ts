import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import type { TFlight, TRegisteredFlight } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import type { TStartRequest } from '@contrail/domain/live/tracker-hub-contract';
import { apiBaseUrls } from '../../config/app-config';
import { fetchFlightAirport } from '../../features/flight/api/get-airport-detail';
import { flightQueryKeys } from '../../features/flight/api/query-keys';
import { registerFlight, registerMissionFlight, registerPaxAndCargoFlight } from '../../features/flight/api/register-flight';
import { resumeFlight } from '../../features/flight/api/resume-flight';
import { cancelFlightOnServer } from '../../features/flight/api/cancel-flight';
import { flightSession, type FlightDraft } from '../../features/flight/lib/flight-session-store';
import type { TrackerHubClient, HubResult } from '../../features/tracker/api/tracker-hub-client';
import { getTrackerHub } from '../../features/tracker/hooks/use-tracker-hub';
import { invalidateCurrentUser } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';

/**
 * Where the tracker and the flight meet (features never import each other): the hub's relayed
 * messages feed the flight session, and the steps of a flight (Start, register,
 * StartRecord / StartPaxNCargo, controls, CompleteFlight, CancelFlight, CancelResumedFlight) use both.
 */
const wiredHubs = new WeakSet<TrackerHubClient>();

/** Feeds the flight session from the hub (once per hub link; idempotent). */
export const wireFlightSession = (): TrackerHubClient => {
  const hub = getTrackerHub();
  if (wiredHubs.has(hub)) return hub;
  wiredHubs.add(hub);
  hub.onFlightMessage((name, payload) => {
    flightSession.applyMessage(name, payload);
    if (name === 'FlightCompleted') {
      // The balance in the top bar and the widget follow the completion.
      void invalidateCurrentUser();
      void queryClient.invalidateQueries({ queryKey: flightQueryKeys.all });
    } else if (name === 'FlightCanceled' || name === 'Reconnection') {
      void queryClient.invalidateQueries({ queryKey: flightQueryKeys.all });
    }
  });
  return hub;
};

/** The server URL the tracker streams to: the main API's origin (this page's when same-origin). */
export const serverUrlForTracker = (): string => apiBaseUrls.main || window.location.origin;

/**
 * The built-in simulator's Start request: the configured flight and, when a plan is loaded, its
 * block fuel to load at the gate (issue 20: the simulator used to load its own, smaller estimate).
 */
export const builtinStartRequest = (draft: FlightDraft, departure: TFlightAirport, arrival: TFlightAirport): TStartRequest => ({
  simulator: 'builtin',
  builtin: {
    departure,
    arrival,
    aircraftIcao: draft.aircraftIcao,
    cruiseLevelFt: Math.min(60_000, Math.max(1000, draft.cruiseLevelFt)),
    ...(draft.plan ? { fuelKg: Math.min(500_000, Math.max(1, Math.round(draft.plan.fuel.blockKg))) } : {}),
    simulationRate: draft.simulationRate,
    faults: [],
  },
});

/** "Start": connect the chosen simulator; the built-in one flies the configured flight. */
export const startSimulator = async (draft: FlightDraft): Promise<HubResult> => {
  const hub = wireFlightSession();
  if (draft.simulator !== 'builtin') return hub.send('Start', { simulator: draft.simulator });
  const [departure, arrival] = await Promise.all([fetchFlightAirport(draft.departure.ident), fetchFlightAirport(draft.arrival.ident)]);
  return hub.send('Start', builtinStartRequest(draft, departure, arrival));
};

/** Registers the configured flight with the server (the route that fits its type). */
export const registerDraft = (draft: FlightDraft): Promise<TRegisteredFlight> => {
  const common = {
    cruiseLevel: draft.cruiseLevelFt,
    flightNumber: draft.flightNumber,
    aircraftIcao: draft.aircraftIcao,
    pax: draft.pax,
    cargos: draft.cargos,
    scheduledDepartureTime: draft.scheduledDepartureTime,
    scheduledArrivalTime: draft.scheduledArrivalTime,
    afrvContrailKey: draft.afrv?.key ?? null,
    afrvBidId: draft.afrv?.bidId ?? null,
  };
  const airports = { departure: { ident: draft.departure.ident }, arrival: { ident: draft.arrival.ident } };
  if (draft.type === 'MISSION' && draft.missionId) return registerMissionFlight({ ...common, airports, missionId: draft.missionId });
  if (draft.type === 'PNC') return registerPaxAndCargoFlight({ ...common, airports });
  return registerFlight({
    ...common,
    type: draft.type === 'MISSION' ? 'NORMAL' : draft.type,
    virtualAirlineId: draft.type === 'AIRLINE' ? (draft.virtualAirlineId ?? null) : null,
    departureAirportIdent: draft.departure.ident,
    arrivalAirportIdent: draft.arrival.ident,
  });
};

/**
 * After ReadyToRecord: register the flight, then ask the tracker to record it (StartPaxNCargo for a
 * cabin flight). The active flight is kept in the session before recording starts so no message
 * is missed.
 */
export const registerAndRecord = async (draft: FlightDraft): Promise<{ flight: TRegisteredFlight; result: HubResult }> => {
  const hub = wireFlightSession();
  const flight = await registerDraft(draft);
  flightSession.startFlight({
    flightId: flight.id,
    token: flight.token,
    type: flight.type,
    isPnc: draft.type === 'PNC',
    flightNumber: flight.flightNumber,
    plan: draft.plan,
    pax: draft.pax,
  });
  void queryClient.invalidateQueries({ queryKey: flightQueryKeys.current() });
  const request = { flightId: flight.id, token: flight.token, serverUrl: serverUrlForTracker() };
  const result = await hub.send(draft.type === 'PNC' ? 'StartPaxNCargo' : 'StartRecord', request);
  return { flight, result };
};

/** A control of the current flight through the tracker. */
export const sendFlightControl = async (control: TFlightControl): Promise<TFlightControlResult> => {
  const hub = wireFlightSession();
  const { type, ...payload } = control;
  const hasPayload = Object.keys(payload).length > 0;
  const answer = hasPayload
    ? await (hub.send as (name: string, request: unknown) => ReturnType<TrackerHubClient['send']>)(type, payload)
    : await (hub.send as (name: string) => ReturnType<TrackerHubClient['send']>)(type);
  return { accepted: answer.accepted ?? answer.ok, rejection: answer.rejection ?? answer.error?.code ?? null };
};

export const completeFlight = (): Promise<HubResult> => wireFlightSession().send('CompleteFlight');

/**
 * Cancels the current flight: through the tracker when it records it, else on the server directly
 * (a flight left in progress with no tracker). The page then shows the cancellation; leaving it
 * resets the session.
 */
export const cancelCurrentFlight = async (flightId: string): Promise<void> => {
  const hub = wireFlightSession();
  if (hub.isConnected) {
    const result = await hub.send('CancelFlight');
    if (!result.ok) await cancelFlightOnServer(flightId);
  } else {
    await cancelFlightOnServer(flightId);
  }
  // The page says the flight was cancelled (the hub's FlightCanceled may come first: same effect).
  flightSession.applyMessage('FlightCanceled', { flightId });
  await queryClient.invalidateQueries({ queryKey: flightQueryKeys.all });
};

/** Hub statuses that mean the tracker still records a flight (this one, after a reload). */
const RECORDING_STATUSES = new Set(['recording', 'reconnecting', 'pncready']);

/**
 * /flight/resume: the flight left in progress is recorded again.
 * - The tracker still records it (a reload, another tab): the page just follows it again.
 * - Otherwise the simulator is connected (the built-in one flies the flight's route at
 *   `simulationRate`), the server gives a new tracker token, and the tracker records again.
 */
export const resumeRecording = async (flight: TFlight, simulationRate: number): Promise<HubResult> => {
  const hub = wireFlightSession();
  const connected = await hub.connect();
  if (!connected) return { ok: false, error: { code: 'hub_unreachable', message: 'The tracker is not connected' } };
  const previous = flightSession.getState().active;
  const keep = previous?.flightId === flight.id ? previous : null;
  const follow = (token: string | null) =>
    flightSession.startFlight({
      flightId: flight.id,
      token,
      type: flight.type,
      isPnc: flight.isPNCFlight,
      flightNumber: flight.flightNumber,
      plan: keep?.plan ?? null,
      pax: flight.paxNCargoInformation?.pax ?? null,
    });
  if (RECORDING_STATUSES.has(hub.getSnapshot().simulator)) {
    follow(keep?.token ?? null);
    await queryClient.invalidateQueries({ queryKey: flightQueryKeys.all });
    return { ok: true };
  }
  if (hub.getSnapshot().simulator !== 'connected') {
    const [departure, arrival] = await Promise.all([fetchFlightAirport(flight.departureAirport.ident), fetchFlightAirport(flight.arrivalAirport.ident)]);
    const started = await hub.send('Start', {
      simulator: 'builtin',
      builtin: { departure, arrival, aircraftIcao: flight.aircraft.icao, cruiseLevelFt: Math.max(1000, flight.cruiseLevel), simulationRate, faults: [] },
    });
    if (!started.ok) return started;
  }
  const { token } = await resumeFlight(flight.id);
  follow(token);
  const request = { flightId: flight.id, token, serverUrl: serverUrlForTracker() };
  const result = await hub.send(flight.isPNCFlight ? 'StartPaxNCargo' : 'StartRecord', request);
  await queryClient.invalidateQueries({ queryKey: flightQueryKeys.all });
  return result;
};

/** /flight/resume "cancel": the tracker cancels the flight left in progress (or the server, without a tracker). */
export const cancelResumedFlight = async (flight: TFlight): Promise<void> => {
  const hub = wireFlightSession();
  if (hub.isConnected) {
    const { token } = await resumeFlight(flight.id);
    const result = await hub.send('CancelResumedFlight', { flightId: flight.id, token, serverUrl: serverUrlForTracker() });
    if (!result.ok) await cancelFlightOnServer(flight.id);
  } else {
    await cancelFlightOnServer(flight.id);
  }
  flightSession.endFlight();
  await queryClient.invalidateQueries({ queryKey: flightQueryKeys.all });
};
