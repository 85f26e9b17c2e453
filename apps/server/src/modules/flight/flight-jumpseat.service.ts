import type { TJumpseatResponse, ZJumpseatRequest } from '@contrail/domain/flight-api/flight-contract';
import { jumpseatCostFc } from '@contrail/domain/flight-api/jumpseat-cost';
import { roundedDistanceNm } from '@contrail/domain/geo/great-circle';
import type { z } from 'zod';
import { notFound } from '../../plugins/error-handler';
import { getAirportWithRunways } from '../airport/airport.service';
import { debitUser } from '../wallet/wallet.service';
import { alreadyOnFlight, invalid, type Caller, type FlightContext } from './flight-context';
import { findPilotSummary, lockPilotForUpdate, setPilotLocation } from '../user/user-pilot.service';
import { findInProgressFlightOfUser } from './flight.repository';

/** POST /flight/jumpseat: moves the pilot to another airport for FlightCoins (ERR_0021 when short). */
export const jumpseat = async (ctx: FlightContext, caller: Caller, body: z.output<typeof ZJumpseatRequest>): Promise<TJumpseatResponse> => {
  const { db, clock } = ctx.deps;
  const to = await getAirportWithRunways(db, body.arrivalLocation.icao);
  if (!to) throw invalid('arrivalLocation.icao', `Unknown airport ${body.arrivalLocation.icao}`);
  const now = clock.now();
  // The location, the price and the debit in one transaction on the locked pilot row: two
  // concurrent rides cannot both start from the old airport and pay its (cheaper) price.
  const { fromIdent, distanceNm, cost } = await db.transaction(async (tx) => {
    const pilot = await lockPilotForUpdate(tx, caller.id);
    if (!pilot) throw notFound('User');
    if (await findInProgressFlightOfUser(tx, caller.id)) throw alreadyOnFlight();
    if (pilot.lastLocationIdent === to.ident) throw invalid('arrivalLocation.icao', `You are already at ${to.ident}`);
    const from = pilot.lastLocationIdent ? await getAirportWithRunways(tx, pilot.lastLocationIdent) : null;
    const rideNm = from
      ? roundedDistanceNm(
          { latitudeDeg: from.position.latitude, longitudeDeg: from.position.longitude },
          { latitudeDeg: to.position.latitude, longitudeDeg: to.position.longitude },
        )
      : 0;
    const price = jumpseatCostFc(rideNm);
    const startIdent = from?.ident ?? pilot.lastLocationIdent ?? null;
    await debitUser(tx, {
      userId: caller.id,
      // One ride per leg and instant: rides chained at one instant (from the locked row's new
      // location) are distinct legs, each paid; a double-submitted leg finds the pilot already there.
      idempotencyKey: `jumpseat:${caller.id}:${startIdent ?? '?'}-${to.ident}:${now.toISOString()}`,
      currency: 'MFC',
      amount: price,
      categoryData: { category: 'JUMPSEAT', fromIdent: startIdent ?? '', toIdent: to.ident },
      description: `Jumpseat ${startIdent ?? '?'}-${to.ident}`,
      executionDate: now,
    });
    await setPilotLocation(tx, caller.id, to.ident, now);
    return { fromIdent: startIdent, distanceNm: rideNm, cost: price };
  });
  const after = await findPilotSummary(db, caller.id);
  return { fromIdent, toIdent: to.ident, distanceNm, cost, balance: after?.walletMfc ?? 0 };
};
