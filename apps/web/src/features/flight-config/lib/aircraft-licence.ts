import { pilotLicences, type PilotLicenceDefinition, type TLicenseAircraft } from '@contrail/domain/reference/pilot-licences';
import { DEFAULT_ITEMS } from '@contrail/domain/store/catalogue';

/** The types the pilot's licences cover (ICAO codes, upper case). */
export const licensedIcaosOf = (held: readonly TLicenseAircraft[]): ReadonlySet<string> =>
  new Set(held.flatMap((licence) => licence.aircraftsIcao.map((icao) => icao.toUpperCase())));

/** The licence that covers a type, if any (each type belongs to one licence). */
export const licenceCovering = (icao: string): PilotLicenceDefinition | undefined =>
  pilotLicences.find((licence) => licence.aircraftsIcao.includes(icao.toUpperCase()));

/** Whether the store sells the licence (a LICENCE item grants it); a few paid licences are not on sale yet. */
export const isLicenceSoldInStore = (code: string): boolean => DEFAULT_ITEMS.some((item) => item.type === 'LICENCE' && item.licenceCode === code);
