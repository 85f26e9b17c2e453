import { randomInt } from 'node:crypto';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import type { TTrackerCoreAcarsFlight } from '@contrail/domain/live/flight-messages';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { ZSimulatorEndpoints, type TFlyConfig } from '../config/tracker-config';
import type { BuiltinSimulatorConnector } from '../connectors/builtin/builtin-connector';
import { createConnector } from '../connectors/create-connector';
import { FlightRecording, type TRecordingOptions } from '../uplink/flight-recording';
import { toFlightAirport } from '@contrail/domain/reference/flight-airport';
import { ContrailApiClient, FlyError } from './contrail-api-client';

/** The one JSON line `fly` prints on stdout; an airline flight adds what the airline earned and paid. */
export type TFlyResult = { flightLogId: string; fc: number; xp: number; airlineRevenue?: number; salary?: number };

export type TFlyIo = {
  /** Progress, one line each (stderr in the CLI). */
  log: (line: string) => void;
  /** Aborting cancels the flight on the server. */
  signal?: AbortSignal;
  /** Uplink timing (tests shorten it). */
  recording?: TRecordingOptions;
};

const UPLINK_CONNECT_TIMEOUT_MS = 15_000;
const FLUSH_TIMEOUT_MS = 120_000;

/**
 * Flies a whole flight headless with the built-in simulator: sign in, read the mission if one is
 * given, read both airports, register the flight (a mission flight with the mission's pax and cargo), stream it through the same uplink as the hub (journal, acks, reconnection)
 * at `rate`, wait for the server's ReadyToEndFlight, complete. Resolves with the flight log id and
 * the reward; rejects with a FlyError whose message says what went wrong. A failure after the
 * registration cancels the flight on the server when it can.
 */
export async function runFly(config: TFlyConfig, io: TFlyIo): Promise<TFlyResult> {
  const { log } = io;
  const api = new ContrailApiClient(config.serverUrl);
  log(`Signing in to ${config.serverUrl} as ${config.username}...`);
  await api.signIn(config.username, config.password);
  const booking = config.airlineId === undefined || config.routeId === undefined ? undefined : await api.bookAirlineRoute(config.airlineId, config.routeId);
  if (booking) {
    const { flight } = booking;
    log(`Booked ${flight.aircraft.registration} (${flight.aircraft.icao}) for ${flight.flightNumber} ${flight.departureAirport}-${flight.arrivalAirport}`);
  }
  const aircraftIcao = booking?.flight.aircraft.icao ?? config.aircraft!;
  const aircraft = findAircraftByIcao(aircraftIcao);
  if (aircraft === undefined) throw new FlyError(`Unknown aircraft type ${aircraftIcao} (the built-in simulator flies the catalogue's types, e.g. A320, B738)`);
  const mission = config.missionId === undefined ? undefined : await api.getMission(config.missionId);
  if (mission) log(`Mission "${mission.title}": ${mission.departureAirport.ident}-${mission.arrivalAirport.ident}, ${mission.pax} passenger(s), ${mission.cargos.length} cargo item(s)`);
  const fromIdent = booking?.flight.departureAirport ?? mission?.departureAirport.ident ?? config.from!;
  const toIdent = booking?.flight.arrivalAirport ?? mission?.arrivalAirport.ident ?? config.to!;
  const [departureDetail, arrivalDetail] = await Promise.all([api.getAirport(fromIdent), api.getAirport(toIdent)]);
  const departure = toFlightAirport(departureDetail);
  const arrival = toFlightAirport(arrivalDetail);
  const cruiseLevelFt = config.cruiseLevelFt ?? defaultCruiseLevelFt(departure, arrival, aircraft.cruiseAltitudeFt);
  const flightNumber = booking?.flight.flightNumber ?? config.flightNumber ?? mission?.flightNumber ?? `CTR${randomInt(100, 10_000)}`;
  throwIfAborted(io.signal);

  const common = { cruiseLevel: cruiseLevelFt, flightNumber, aircraftIcao: aircraft.icao };
  const registration = mission
    ? await api.registerMissionFlight({
        ...common,
        airports: { departure: { ident: departure.ident }, arrival: { ident: arrival.ident } },
        cargos: mission.cargos,
        pax: { first: 0, business: 0, economy: mission.pax },
        missionId: mission.id,
      })
    : booking
      ? await api.registerFlight({
          ...common,
          aircraftRegistration: booking.flight.aircraft.registration,
          departureAirportIdent: departure.ident,
          arrivalAirportIdent: arrival.ident,
          type: 'AIRLINE',
          virtualAirlineId: booking.airlineId,
        })
      : await api.registerFlight({ ...common, departureAirportIdent: departure.ident, arrivalAirportIdent: arrival.ident, type: 'NORMAL' });
  log(`Flight ${flightNumber} ${departure.ident}-${arrival.ident} (${aircraft.icao}, ${cruiseLevelFt} ft) registered: ${registration.id}`);

  const recording = await FlightRecording.open(
    config.dataDir,
    { flightId: registration.id, token: registration.token, serverUrl: config.serverUrl, isPnc: false, startedAt: new Date().toISOString(), simulator: 'builtin' },
    { ...io.recording, log },
  );
  let connector: BuiltinSimulatorConnector | undefined;
  try {
    await recording.uplink.waitUntilConnected(UPLINK_CONNECT_TIMEOUT_MS);
    connector = (await createConnector(
      {
        simulator: 'builtin',
        builtin: { departure, arrival, aircraftIcao: aircraft.icao, cruiseLevelFt, simulationRate: config.rate, faults: config.faults },
      },
      { endpoints: ZSimulatorEndpoints.parse({}) },
    )) as BuiltinSimulatorConnector;
    await flyUntilReadyToEnd(recording, connector, config, io);
    await connector.disconnect();
    log(`Completing the flight (${recording.uplink.pendingCount} frame(s) still to deliver)...`);
    const result = await recording.complete(FLUSH_TIMEOUT_MS);
    if ('error' in result) throw new FlyError(`The server refused to complete the flight: ${result.error.message} (${result.error.errorCode})`);
    log(`Flight completed: log ${result.flightLogId}, ${result.fc} FC, ${result.xp} XP${result.fcReason === null ? '' : ` (${result.fcReason})`}`);
    if (result.airline) log(`The airline earned ${result.airline.airlineRevenue} FC and paid you a salary of ${result.airline.salary} FC`);
    return { flightLogId: result.flightLogId, fc: result.fc, xp: result.xp, ...(result.airline ? { airlineRevenue: result.airline.airlineRevenue, salary: result.airline.salary } : {}) };
  } catch (error) {
    await connector?.disconnect();
    await abandon(recording, log);
    throw error instanceof FlyError ? error : new FlyError(error instanceof Error ? error.message : String(error));
  }
}

/** Streams the simulated flight until the server says ReadyToEndFlight. */
function flyUntilReadyToEnd(recording: FlightRecording, connector: BuiltinSimulatorConnector, config: TFlyConfig, io: TFlyIo): Promise<void> {
  const { log } = io;
  return new Promise<void>((resolve, reject) => {
    const cleanups: (() => void)[] = [];
    let finishedTimer: NodeJS.Timeout | undefined;
    const settle = (error?: Error) => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      clearTimeout(finishedTimer);
      if (error === undefined) resolve();
      else reject(error);
    };
    let lastPhase = '';
    cleanups.push(
      recording.uplink.on('message', (name, payload) => {
        if (name === 'ReadyToEndFlight') {
          log('The server says the flight can be completed (ReadyToEndFlight)');
          settle();
        } else if (name === 'TrackerCoreAcarsFlight') {
          for (const change of (payload as TTrackerCoreAcarsFlight).stepChanges ?? []) log(`  flight step: ${change.step}`);
        } else if (name === 'FlightError') {
          log(`  server: ${(payload as { message?: string }).message ?? JSON.stringify(payload)}`);
        }
      }),
      recording.uplink.on('refused', (error) => settle(new FlyError(`The server dropped the flight: ${error.message}`))),
      recording.uplink.on('status', (status) => {
        if (status === 'reconnecting') log('  connection to the server lost; frames are kept in the journal, reconnecting...');
        if (status === 'connected') log('  reconnected to the server');
      }),
      recording.uplink.on('failure', (error) => settle(new FlyError(`Cannot write the frame journal: ${error.message}`))),
      connector.on('frame', () => {
        const phase = connector.flight.phase;
        if (phase !== lastPhase) {
          lastPhase = phase;
          log(`  simulator: ${phase}`);
        }
        if (connector.flight.isFinished && finishedTimer === undefined) {
          finishedTimer = setTimeout(
            () => settle(new FlyError(`The simulated flight ended but the server did not signal ReadyToEndFlight within ${Math.round(config.readyTimeoutMs / 1000)} s`)),
            config.readyTimeoutMs,
          );
        }
      }),
      connector.on('disconnect', (reason) => settle(new FlyError(`The built-in simulator stopped (${reason})`))),
    );
    if (io.signal !== undefined) {
      const onAbort = () => settle(new FlyError('Interrupted'));
      if (io.signal.aborted) onAbort();
      io.signal.addEventListener('abort', onAbort, { once: true });
      cleanups.push(() => io.signal?.removeEventListener('abort', onAbort));
    }
    recording.attach(connector);
    connector.connect().catch((error: unknown) => settle(new FlyError(`The built-in simulator did not start: ${String(error)}`)));
  });
}

/** After a failure: cancel the flight on the server if it answers, else leave it for a later run. */
async function abandon(recording: FlightRecording, log: (line: string) => void): Promise<void> {
  if (recording.uplink.status === 'connected') {
    const result = await recording.cancel();
    if (!('error' in result)) {
      log(`Flight ${recording.flightId} cancelled on the server`);
      return;
    }
    log(`Could not cancel flight ${recording.flightId}: ${result.error.message}`);
  }
  await recording.close();
  log(`Flight ${recording.flightId} left in progress: its frames stay in ${recording.dataDir}; \`tracker serve\` resumes it, the web app can cancel it`);
}

/**
 * A cruise level for a hop of this length: about 1,000 ft per 10 NM (a 190 NM hop cruises near
 * FL190), between FL100 and the aircraft's usual level.
 */
export function defaultCruiseLevelFt(departure: TFlightAirport, arrival: TFlightAirport, aircraftCeilingFt: number): number {
  const hopNm = distanceNm(
    { latitudeDeg: departure.position.latitudeDeg, longitudeDeg: departure.position.longitudeDeg },
    { latitudeDeg: arrival.position.latitudeDeg, longitudeDeg: arrival.position.longitudeDeg },
  );
  const byDistanceFt = Math.floor(hopNm / 10) * 1_000;
  const ceilingFt = Math.floor(aircraftCeilingFt / 1_000) * 1_000;
  return Math.max(Math.min(10_000, ceilingFt), Math.min(byDistanceFt, ceilingFt));
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new FlyError('Interrupted');
}
