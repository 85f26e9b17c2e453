import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZLicenseAircraft, ZPilotLicense, ZPilotLicenseQuery } from './pilot-licences';

/** Pilot licences and the pilot's licensed aircraft. */
export const licenceRoutes = {
  /** Every licence with the aircraft it covers; public, for the store and the sign-up pages. */
  list: declareRoute({ method: 'GET', path: '/api/v1/pilot-licenses', tag: 'licence', signedIn: false, query: ZPilotLicenseQuery, response: z.array(ZPilotLicense) }),
  /** The licences the pilot holds and their aircraft types. */
  pilotAircraft: declareRoute({ method: 'GET', path: '/api/v1/pilot/:id/licenses-aircrafts', tag: 'licence', params: z.object({ id: z.uuid() }), response: z.array(ZLicenseAircraft) }),
};
