import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import type { FlightStep } from '@contrail/domain/flight/flight-step';
import { cabinScores, type CabinScores } from './cabin-scores';
import type { ActiveFlight, LiveFlight } from './flight-session-store';

/** What the flight widget and the current-flight header show. Null figures show as N/A. */
export type FlightView = {
  flightId: string;
  flightNumber: string;
  step: FlightStep | null;
  departureIdent: string;
  arrivalIdent: string;
  scheduledDepartureTime: string | null;
  scheduledArrivalTime: string | null;
  progressPercent: number;
  flownNm: number | null;
  remainingNm: number | null;
  altitudeFt: number | null;
  speedKts: number | null;
  headingDeg: number | null;
  isPnc: boolean;
  scores: CabinScores | null;
  hasPlan: boolean;
  isReadyToEndFlight: boolean;
};

/**
 * The current flight as one view: the server's record (GET retrieve-flight-for-user or by id)
 * overlaid with what the hub pushed since. Null when there is no flight in progress (none, or it
 * was just completed or cancelled).
 */
export const toFlightView = (server: TFlight | null | undefined, active: ActiveFlight | null, live: LiveFlight | null): FlightView | null => {
  const isLiveUsable = live !== null && !live.completed && !live.isCanceled;
  if (live && (live.completed || live.isCanceled)) return null;
  const flight = server && server.status === 'in_progress' ? server : null;
  if (!flight && !(active && isLiveUsable)) return null;
  const liveOfFlight = isLiveUsable && (!flight || live.flightId === flight.id) ? live : null;
  const statistics = liveOfFlight?.statistics ?? flight?.statistics ?? null;
  const position = liveOfFlight?.position ?? null;
  const isPnc = flight?.isPNCFlight ?? active?.isPnc ?? false;
  const pax = flight?.paxNCargoInformation?.pax ?? active?.pax ?? null;
  const pncData = liveOfFlight?.pncData ?? flight?.pncData ?? null;
  const flownNm = statistics ? Math.max(0, statistics.distanceNm - statistics.remainingDistanceNm) : null;
  return {
    flightId: flight?.id ?? active?.flightId ?? '',
    flightNumber: flight?.flightNumber ?? active?.flightNumber ?? '',
    step: liveOfFlight?.step ?? flight?.flightStep ?? null,
    departureIdent: flight?.departureAirport.ident ?? active?.plan?.origin.icaoCode ?? '',
    arrivalIdent: liveOfFlight?.divertedTo?.ident ?? flight?.arrivalAirport.ident ?? active?.plan?.destination.icaoCode ?? '',
    scheduledDepartureTime: flight?.scheduledDepartureTime ?? null,
    scheduledArrivalTime: flight?.scheduledArrivalTime ?? null,
    progressPercent: Math.min(100, Math.max(0, statistics?.progressPercent ?? 0)),
    flownNm,
    remainingNm: statistics?.remainingDistanceNm ?? null,
    altitudeFt: position ? Math.round(position.altitudeFtMsl) : (flight?.aircraft.position?.altitude ?? null),
    speedKts: position ? Math.round(position.displayedSpeedKts) : flight ? flight.aircraft.groundSpeed : null,
    headingDeg: position ? Math.round(position.headingDegTrue) : (flight?.aircraft.heading ?? null),
    isPnc,
    scores: isPnc ? cabinScores(pncData, pax) : null,
    hasPlan: active?.plan != null && (!flight || active.flightId === flight.id),
    isReadyToEndFlight: liveOfFlight?.isReadyToEndFlight || flight?.readyToEndFlight || false,
  };
};
