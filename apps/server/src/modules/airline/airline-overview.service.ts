import { MFT_BONUS_FC_PER_HOUR, MFT_MONTHLY_LIMIT_HOURS } from '@contrail/domain/economy/mft-bonus';
import { ROUTE_DESTINATIONS_MAX, ROUTE_DESTINATIONS_MIN, type TLivemapItem } from '@contrail/domain/airline/airline-contract';
import {
  AIRLINE_ECONOMY,
  BASE_SALARY_FC,
  GROUNDED_AT_WEAR,
  HANGAR_CAPACITY,
  TRAFFIC_RIGHT_RENEWAL_WINDOW_MONTHS,
  TRAFFIC_RIGHT_VALIDITY_MONTHS,
} from '@contrail/domain/economy/airline-economy-constants';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { airportRowsOf } from '../airport/airport.service';
import { airlineFlightCount, livePositionsOf } from '../flight/live-position.service';
import { findAirline } from './airline-common';
import { countHangarsOf } from './airline-hangar.repository';
import { countHubsOf, findOpenHubsOf } from './airline-hub.repository';
import { countActiveMembers } from './airline-member.repository';
import { findPlanesWithFlyingBooking } from './airline-plane.repository';
import { countRoutesOf } from './airline-route.repository';

/** What the airline's screens show of it as a whole: its figures, its map, its economy's numbers. */

/** GET /airline/{id}/stat. */
export const getAirlineStats = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const nbOfMembers = await countActiveMembers(db, airlineId);
  const nbOfFlight = await airlineFlightCount(db, airlineId);
  return {
    nbOfFlight,
    nbOfHangar: await countHangarsOf(db, airlineId),
    nbOfHub: await countHubsOf(db, airlineId),
    nbOfMembers,
    nbOfRoutes: await countRoutesOf(db, airlineId),
  };
};

/**
 * GET /airline/{id}/livemap/item?categories: the airline's hubs and its planes where they are
 * (members). A plane in flight is where its flight's newest frame puts it, not where it took off.
 */
export const getLivemapItems = async (db: DbExecutor, caller: Caller, airlineId: string, categories: ('PLANE' | 'HUB')[]): Promise<TLivemapItem[]> => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const items: TLivemapItem[] = [];
  if (categories.includes('HUB')) {
    const hubs = await findOpenHubsOf(db, airlineId);
    const airports = await airportRowsOf(
      db,
      hubs.map((hub) => hub.airportIdent),
    );
    for (const hub of hubs) {
      const airport = airports.get(hub.airportIdent);
      if (airport) items.push({ id: hub.id, airportIdent: hub.airportIdent, latitude: airport.latitudeDeg, longitude: airport.longitudeDeg, heading: 0, category: 'HUB' });
    }
  }
  if (categories.includes('PLANE')) {
    const planes = await findPlanesWithFlyingBooking(db, airlineId);
    const flightIds = planes.flatMap(({ plane, flightId }) => (plane.state === 'FLYING' && flightId ? [flightId] : []));
    const inFlight = await livePositionsOf(db, flightIds);
    for (const { plane, flightId } of planes) {
      const live = flightId ? inFlight.get(flightId) : undefined;
      const latitude = live?.latitudeDeg ?? plane.latitudeDeg;
      const longitude = live?.longitudeDeg ?? plane.longitudeDeg;
      if (latitude === null || longitude === null) continue;
      items.push({
        id: plane.id,
        heading: Math.round(live?.headingDeg ?? plane.headingDeg),
        latitude,
        longitude,
        category: 'PLANE',
        tailRegistration: plane.tailRegistration,
        state: plane.state,
        ...(plane.airportIdent && !live ? { airportIdent: plane.airportIdent } : {}),
      });
    }
  }
  return items;
};

/** GET /airline/{id}/configuration: the numbers the airline screens show, for the airline's difficulty. */
export const getConfigurationData = async (db: DbExecutor, caller: Caller, airlineId: string) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  const economy = AIRLINE_ECONOMY[(await findAirline(db, airlineId)).gameDifficulty];
  return {
    hangar: { capacity: HANGAR_CAPACITY, licenceCost: economy.hangarLicenceCostFc, operatingCost: economy.hangarOperatingCostFc },
    hub: { licenceCost: economy.hubLicenceCostFc, operatingCost: economy.hubOperatingCostFc },
    plane: { groundedAtWear: GROUNDED_AT_WEAR, buildCost: economy.planeBuildCostFc, seatCost: economy.seatCostFc },
    route: { minDestinations: ROUTE_DESTINATIONS_MIN, maxDestinations: ROUTE_DESTINATIONS_MAX },
    rank: { maxFcBonus: 1000 },
    salaryInformation: { baseSalary: BASE_SALARY_FC },
    trafficRight: { validityMonths: TRAFFIC_RIGHT_VALIDITY_MONTHS, renewalWindowMonths: TRAFFIC_RIGHT_RENEWAL_WINDOW_MONTHS },
    mftOption: ['pilot', 'airline'] as ('pilot' | 'airline')[],
    mftBonus: { fcPerHour: MFT_BONUS_FC_PER_HOUR, monthlyLimitHours: MFT_MONTHLY_LIMIT_HOURS },
    bankruptcyDeadlineDays: economy.bankruptcyDeadlineDays,
  };
};
