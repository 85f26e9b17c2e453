// Registering a flight: the three request shapes (a flight, a PNC flight with
// passengers and cargo, a mission flight) become one registration, checked and stored with its
// plan and tracker token; a mission or an airline booking starts with it.
import { randomUUID } from 'node:crypto';
import { ZFlightPlanInput, type TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type {
  FlightType,
  TFlightCargo,
  TRegisteredFlight,
  ZRegisterFlightRequest,
  ZRegisterMissionFlightRequest,
  ZRegisterTransportFlightRequest,
} from '@contrail/domain/flight-api/flight-contract';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { z } from 'zod';
import { notFound } from '../../plugins/error-handler';
import { getAirportWithRunways, toFlightAirport } from '../airport/airport.service';
import { assertPilotMayFly } from '../licence/licence.service';
import { missionOf, startMissionForUser } from '../mission/mission.service';
import type { BookedAirlineFlight } from './airline-flights.port';
import { airportSummary, alreadyOnFlight, invalid, totalPax, type Caller, type FlightContext } from './flight-context';
import { assertLoadFits } from './flight-load';
import { generateFlightToken } from './flight-token';
import { findPilotSummary } from '../user/user-pilot.service';
import { findInProgressFlightOfUser, insertFlight, uniqueViolationOf, type FlightRow } from './flight.repository';

type Registration = {
  type: FlightType;
  flightNumber: string;
  aircraftIcao: string;
  aircraftRegistration: string | null;
  departureIdent: string;
  arrivalIdent: string;
  cruiseLevelFt: number;
  pax: TPaxByClass;
  cargos: TFlightCargo[];
  missionId: string | null;
  virtualAirlineId: string | null;
  afrvKey: string | null;
  afrvBidId: string | null;
  scheduledDepartureTime: string | null | undefined;
  scheduledArrivalTime: string | null | undefined;
  hasTransport: boolean;
  /** An AIRLINE flight flies the caller's booking (through the airline port): set, the booking starts with the flight. */
  airlineBooking?: BookedAirlineFlight;
  /** Field names for errors (the two request shapes name the airports differently). */
  fields: { departure: string; arrival: string };
};

const toMs = (iso: string | null | undefined): number | null => (iso ? new Date(iso).getTime() : null);

const register = async (ctx: FlightContext, caller: Caller, r: Registration): Promise<TRegisteredFlight> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  if (await findInProgressFlightOfUser(db, caller.id)) throw alreadyOnFlight();
  const aircraft = findAircraftByIcao(r.aircraftIcao);
  if (!aircraft) throw invalid('aircraftIcao', `Unknown aircraft type ${r.aircraftIcao}`);
  // Departure = arrival is a local flight (a circuit, a training or sightseeing flight): the engine
  // arrives it once the aircraft has been away (docs/decisions/0020-local-flights-and-flown-steps.md).
  const [departure, arrival] = await Promise.all([getAirportWithRunways(db, r.departureIdent), getAirportWithRunways(db, r.arrivalIdent)]);
  if (!departure) throw invalid(r.fields.departure, `Unknown airport ${r.departureIdent}`);
  if (!arrival) throw invalid(r.fields.arrival, `Unknown airport ${r.arrivalIdent}`);
  if (r.type === 'PNC' && totalPax(r.pax) === 0) throw invalid('pax', 'A cabin (PNC) flight needs passengers');
  assertLoadFits({ aircraft, airlineBooking: r.airlineBooking, pax: r.pax, cargos: r.cargos });
  const departureMs = toMs(r.scheduledDepartureTime);
  const arrivalMs = toMs(r.scheduledArrivalTime);
  if (departureMs !== null && arrivalMs !== null && arrivalMs <= departureMs) {
    throw invalid('scheduledArrivalTime', 'The scheduled arrival must be after the scheduled departure');
  }
  // Every registration (NORMAL, PNC, MISSION, AIRLINE) flies a type one of the pilot's licences
  // covers: ERR_0041 names the licence and where to get it. An AIRLINE booking checked it already.
  await assertPilotMayFly(db, caller.id, aircraft.icao);

  const pilot = await findPilotSummary(db, caller.id);
  if (!pilot) throw notFound('User');
  if (r.missionId) {
    const mission = await missionOf(db, r.missionId);
    if (!mission) throw notFound('Mission');
    if (mission.departureIdent !== departure.ident || mission.arrivalIdent !== arrival.ident) {
      throw invalid(r.fields.departure, `This mission flies ${mission.departureIdent} to ${mission.arrivalIdent}`);
    }
  }

  const plan = ZFlightPlanInput.parse({
    departure: toFlightAirport(departure),
    arrival: toFlightAirport(arrival),
    cruiseLevelFt: r.cruiseLevelFt,
    aircraft: {
      icao: aircraft.icao,
      category: aircraft.category,
      cruiseSpeedKts: aircraft.cruiseSpeedKts,
      fuelBurnKgPerHour: aircraft.fuelBurnKgPerHour,
      fuelCapacityKg: aircraft.fuelCapacityKg,
      engineCount: aircraft.engineCount,
      systems: aircraft.systems,
    },
    isPNC: r.type === 'PNC',
    pax: r.pax,
    scheduledDepartureTimeMs: departureMs,
    scheduledArrivalTimeMs: arrivalMs,
  });
  const { token, tokenHash } = generateFlightToken();
  const transportId = r.hasTransport || r.missionId ? randomUUID() : null;
  let row: FlightRow;
  try {
    row = await db.transaction(async (tx) => {
      const inserted = await insertFlight(tx, {
        userId: caller.id,
        type: r.type,
        status: 'in_progress',
        flightNumber: r.flightNumber,
        aircraftIcao: aircraft.icao,
        aircraftRegistration: r.aircraftRegistration,
        departureIdent: departure.ident,
        arrivalIdent: arrival.ident,
        originalArrivalIdent: arrival.ident,
        cruiseLevelFt: r.cruiseLevelFt,
        plan,
        tokenHash,
        pax: r.pax,
        cargos: r.cargos,
        transportId,
        missionId: r.missionId,
        virtualAirlineId: r.virtualAirlineId,
        afrvKey: r.afrvKey,
        afrvBidId: r.afrvBidId,
        scheduledDepartureTime: departureMs === null ? null : new Date(departureMs),
        scheduledArrivalTime: arrivalMs === null ? null : new Date(arrivalMs),
        createdAt: now,
        updatedAt: now,
      });
      // The mission service checks the window, the career level and the freemium limit, and records the start.
      if (r.missionId) await startMissionForUser(tx, { userId: caller.id, missionId: r.missionId, flightId: inserted.id, now });
      if (r.airlineBooking) await ctx.airlineFlights.startFlight(tx, r.airlineBooking.bookingId, inserted.id);
      return inserted;
    });
  } catch (error) {
    // Two registrations at once: the partial unique index lets one through.
    if (uniqueViolationOf(error) === 'flights_one_in_progress_per_user_idx') throw alreadyOnFlight();
    throw error;
  }
  ctx.channels.notifyLive('set');
  return {
    id: row.id,
    token,
    type: row.type,
    flightNumber: row.flightNumber,
    aircraft: { icao: row.aircraftIcao, registration: row.aircraftRegistration },
    departureAirport: airportSummary(plan.departure),
    arrivalAirport: airportSummary(plan.arrival),
    cruiseLevel: row.cruiseLevelFt,
    pilot: { id: caller.id, userName: pilot.userName },
    virtualAirlineId: row.virtualAirlineId,
    transport: transportId ? { id: transportId, missionId: row.missionId } : null,
  };
};

/**
 * An AIRLINE flight flies what the pilot booked: the route's airports, the plane's type and
 * registration and the route's flight number come from the booking, whatever the client sent.
 */
const withAirlineBooking = async (ctx: FlightContext, caller: Caller, registration: Registration): Promise<Registration> => {
  if (registration.type !== 'AIRLINE') return registration;
  if (!registration.virtualAirlineId) throw invalid('virtualAirlineId', 'An airline flight needs the airline it flies for');
  const booking = await ctx.airlineFlights.bookedFlight(ctx.deps.db, caller.id, registration.virtualAirlineId, ctx.deps.clock.now());
  return {
    ...registration,
    flightNumber: booking.flightNumber,
    departureIdent: booking.departureIdent,
    arrivalIdent: booking.arrivalIdent,
    aircraftIcao: booking.aircraftIcao,
    aircraftRegistration: booking.registration,
    airlineBooking: booking,
  };
};

/** POST /v1/flight. */
export const registerFlight = async (ctx: FlightContext, caller: Caller, body: z.output<typeof ZRegisterFlightRequest>) => {
  if (body.type === 'MISSION' && !body.missionId) throw invalid('missionId', 'A mission flight needs its missionId');
  return register(ctx, caller, await withAirlineBooking(ctx, caller, {
    type: body.type,
    flightNumber: body.flightNumber,
    aircraftIcao: body.aircraftIcao,
    aircraftRegistration: body.aircraftRegistration ?? null,
    departureIdent: body.departureAirportIdent,
    arrivalIdent: body.arrivalAirportIdent,
    cruiseLevelFt: body.cruiseLevel,
    pax: body.pax,
    cargos: body.cargos,
    missionId: body.missionId ?? null,
    virtualAirlineId: body.virtualAirlineId ?? null,
    afrvKey: body.afrvContrailKey ?? null,
    afrvBidId: body.afrvBidId ?? null,
    scheduledDepartureTime: body.scheduledDepartureTime,
    scheduledArrivalTime: body.scheduledArrivalTime,
    hasTransport: totalPax(body.pax) > 0 || body.cargos.length > 0,
    fields: { departure: 'departureAirportIdent', arrival: 'arrivalAirportIdent' },
  }));
};

const transportRegistration = (
  body: z.output<typeof ZRegisterTransportFlightRequest>,
  type: FlightType,
  missionId: string | null,
): Registration => ({
  type,
  flightNumber: body.flightNumber,
  aircraftIcao: body.aircraftIcao,
  aircraftRegistration: body.aircraftRegistration ?? null,
  departureIdent: body.airports.departure.ident,
  arrivalIdent: body.airports.arrival.ident,
  cruiseLevelFt: body.cruiseLevel,
  pax: body.pax,
  cargos: body.cargos,
  missionId,
  virtualAirlineId: null,
  afrvKey: body.afrvContrailKey ?? null,
  afrvBidId: body.afrvBidId ?? null,
  scheduledDepartureTime: body.scheduledDepartureTime,
  scheduledArrivalTime: body.scheduledArrivalTime,
  hasTransport: true,
  fields: { departure: 'airports.departure.ident', arrival: 'airports.arrival.ident' },
});

/** POST /flight/with-pax-and-cargo: a PNC flight (the cabin is simulated). */
export const registerPaxAndCargoFlight = (ctx: FlightContext, caller: Caller, body: z.output<typeof ZRegisterTransportFlightRequest>) =>
  register(ctx, caller, transportRegistration(body, 'PNC', body.missionId ?? null));

/** POST /flight/with-mission: the mission's airports, its level and freemium rules. */
export const registerMissionFlight = (ctx: FlightContext, caller: Caller, body: z.output<typeof ZRegisterMissionFlightRequest>) =>
  register(ctx, caller, transportRegistration(body, 'MISSION', body.missionId));
