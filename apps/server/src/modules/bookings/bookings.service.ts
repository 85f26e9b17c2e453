import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TBookedFlightList } from '@contrail/domain/flight-plan/flight-plan-contract';
import type { AppConfig } from '../../config/config';
import type { DbExecutor } from '../../db/database';
import { fetchBookedFlights } from './afrv-client';
import { afrvKeyOf } from '../user/user-directory.service';

/**
 * GET /v1/afrv/bookings: the caller's booked flights at the virtual airline, read with the AFRV key
 * of their own profile (so nobody reads another pilot's bookings). Service not configured: 503
 * AFRV_NOT_CONFIGURED; no key: 422 AFRV_KEY_NOT_SET; key refused: 422 AFRV_KEY_REJECTED; service
 * down or answering nonsense: 502 AFRV_UNAVAILABLE.
 */
export const listBookedFlights = async (
  deps: { db: DbExecutor; config: Pick<AppConfig, 'AFRV_BOOKING_URL'> },
  userId: string,
): Promise<TBookedFlightList> => {
  const baseUrl = deps.config.AFRV_BOOKING_URL;
  if (!baseUrl) {
    throw new AppError(ErrorCode.afrvNotConfigured, 'Virtual-airline bookings are not available on this server (AFRV_BOOKING_URL is not set)');
  }
  // The key from the pilot's profile, trimmed; blank counts as none.
  const key = (await afrvKeyOf(deps.db, userId))?.trim();
  if (!key) throw new AppError(ErrorCode.afrvKeyNotSet, 'No AFRV key set: add your AFRV key to your profile', 'afrvKey');
  return fetchBookedFlights(baseUrl, key);
};
