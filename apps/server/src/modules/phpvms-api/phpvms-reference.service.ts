// The pilot, their airlines, airports and fleet in phpVMS's shapes: what a phpVMS client reads
// before it prefiles (docs/decisions/0046-phpvms-pilot-api.md).
import { aircraftCatalogue, findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { zulu } from '@contrail/domain/phpvms-api/phpvms-units';
import { getAirportWithRunways } from '../airport/airport.service';
import { airportNotFound, PhpvmsError } from './phpvms-errors';
import type { PhpvmsPilot } from './phpvms-keys.service';
import { memberAirlinesOf, planesOfAirlines } from '../airline/airline-directory.service';
import { pilotProfileOf } from '../user/user-directory.service';
import { PERSONAL_AIRLINE_ID, type PhpvmsContext } from './phpvms-pirep.service';

/** The airline of a pilot's own flights, listed beside their virtual airlines. */
const personalAirline = { id: PERSONAL_AIRLINE_ID, icao: 'CTR', iata: null, name: 'Contrail (personal flights)', country: null, logo: null, active: true };

const airlineResource = (airline: { id: string; code: string; name: string; state: string }) => ({
  id: airline.id,
  icao: airline.code,
  iata: null,
  name: airline.name,
  country: null,
  logo: null,
  active: airline.state === 'ACTIVE',
});

export const listAirlines = async (ctx: PhpvmsContext, pilot: PhpvmsPilot) => ({
  data: [personalAirline, ...(await memberAirlinesOf(ctx.deps.db, pilot.id)).map(airlineResource)],
});

/** GET /user. */
export const getUser = async (ctx: PhpvmsContext, pilot: PhpvmsPilot) => {
  const profile = await pilotProfileOf(ctx.deps.db, pilot.id);
  if (!profile) throw new PhpvmsError(404, 'user-not-found', 'User not found');
  const airlines = await memberAirlinesOf(ctx.deps.db, pilot.id);
  const airline = airlines[0] ? airlineResource(airlines[0]) : personalAirline;
  const name = profile.displayName ?? ([profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.userName);
  return {
    data: {
      id: profile.id,
      pilot_id: profile.userName,
      ident: profile.userName,
      name,
      name_private: name,
      avatar: null,
      airline_id: airline.id,
      airline,
      home_airport: profile.homeHubIdent,
      curr_airport: profile.lastLocationIdent,
      last_pirep_id: null,
      flights: null,
      flight_time: Math.round(profile.flightHours * 60),
      transfer_time: 0,
      total_time: Math.round(profile.flightHours * 60),
      timezone: 'UTC',
      state: 1,
      rank: { name: `Level ${profile.level}`, subfleets: [] },
      created_at: zulu(profile.createdAt),
    },
  };
};

/** GET /airports/{icao}: Contrail's reference data in phpVMS's Airport shape. */
export const getAirportResource = async (ctx: PhpvmsContext, icao: string) => {
  const ident = icao.trim().toUpperCase();
  const airport = /^[A-Z0-9-]{2,8}$/.test(ident) ? await getAirportWithRunways(ctx.deps.db, ident) : null;
  if (!airport) throw airportNotFound(icao.slice(0, 16));
  return {
    data: {
      id: airport.ident,
      icao: airport.ident,
      iata: airport.iataCode,
      name: airport.name,
      location: airport.municipality,
      country: airport.isoCountry,
      timezone: null,
      hub: false,
      lat: airport.position.latitude,
      lon: airport.position.longitude,
      elevation: airport.position.altitude,
      ground_handling_cost: 0,
      fuel_100ll_cost: 0,
      fuel_jeta_cost: 0,
      fuel_mogas_cost: 0,
    },
  };
};

type Aircraft = { id: string; icao: string; name: string; registration: string | null; airport_id: string | null; state: number; status: string };

const subfleet = (id: string, airlineId: string, type: string, name: string, aircraft: Aircraft[]) => ({
  id,
  airline_id: airlineId,
  type,
  name,
  fuel_type: null,
  ground_handling_multiplier: 100,
  aircraft,
  fares: [],
});

/**
 * GET /fleet and /user/fleet: the pilot's airlines' planes by type (the aircraft id is the plane's
 * id), and the catalogue's types for personal flights (the aircraft id is the type designator).
 */
export const listFleet = async (ctx: PhpvmsContext, pilot: PhpvmsPilot) => {
  const airlines = await memberAirlinesOf(ctx.deps.db, pilot.id);
  const planes = await planesOfAirlines(
    ctx.deps.db,
    airlines.map((airline) => airline.id),
  );
  const groups = new Map<string, ReturnType<typeof subfleet>>();
  for (const plane of planes) {
    const key = `${plane.airlineId}:${plane.icao}`;
    let group = groups.get(key);
    if (!group) {
      group = subfleet(key, plane.airlineId, plane.icao, findAircraftByIcao(plane.icao)?.name ?? plane.model, []);
      groups.set(key, group);
    }
    group.aircraft.push({
      id: plane.id,
      icao: plane.icao,
      name: plane.model,
      registration: plane.registration,
      airport_id: plane.airportIdent,
      // phpVMS AircraftState: 0 parked, 1 in use, 2 in flight.
      state: plane.state === 'FLYING' ? 2 : plane.state === 'BOOKED' ? 1 : 0,
      status: plane.state === 'AT_AIRPORT' || plane.state === 'BOOKED' || plane.state === 'FLYING' ? 'A' : 'S',
    });
  }
  const personal = aircraftCatalogue.map((type) =>
    subfleet(`${PERSONAL_AIRLINE_ID}:${type.icao}`, PERSONAL_AIRLINE_ID, type.icao, type.name, [
      { id: type.icao, icao: type.icao, name: type.name, registration: null, airport_id: null, state: 0, status: 'A' },
    ]),
  );
  return { data: [...groups.values(), ...personal] };
};
