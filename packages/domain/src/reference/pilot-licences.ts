import { z } from 'zod';
import { ZAircraftInformation } from './aircraft-information';

/**
 * Pilot licences ("Pilot license: id, name, code, isFree, aircraft information.
 * License aircraft: id, name, code, aircraftsIcao").
 *
 * Every pilot holds the free licences; the paid ones are bought in the store (the store module grants
 * them). Free: the private pilot licence (light singles) and the two airliner families most flown in
 * simulators (A320 and 737), so a freemium pilot can fly both a trainer and an airliner. Every type of
 * the aircraft catalogue belongs to exactly one licence (checked by a test).
 */
export type PilotLicenceDefinition = { id: number; code: string; name: string; isFree: boolean; aircraftsIcao: readonly string[] };

export const pilotLicences: readonly PilotLicenceDefinition[] = [
  { id: 1, code: 'PPL', name: 'Private pilot licence (single-engine piston)', isFree: true,
    aircraftsIcao: ['C152', 'C172', 'C182', 'P28A', 'DA40', 'SR22', 'BE36', 'DHC2'] },
  { id: 2, code: 'ATPL_A320', name: 'Airline transport: Airbus A320 family', isFree: true,
    aircraftsIcao: ['A318', 'A319', 'A320', 'A20N', 'A321', 'A21N'] },
  { id: 3, code: 'ATPL_B737', name: 'Airline transport: Boeing 737', isFree: true,
    aircraftsIcao: ['B737', 'B738', 'B739', 'B38M', 'B39M'] },
  { id: 4, code: 'MEP', name: 'Multi-engine piston rating', isFree: false, aircraftsIcao: ['BE58', 'DA62', 'DC3'] },
  { id: 5, code: 'SET', name: 'Single-engine turbine rating', isFree: false, aircraftsIcao: ['C208', 'TBM9', 'PC12', 'SF50'] },
  { id: 6, code: 'BIZJET', name: 'Business aircraft type ratings', isFree: false, aircraftsIcao: ['B350', 'HDJT', 'C25C', 'C700'] },
  { id: 7, code: 'REGIONAL', name: 'Regional airliner type ratings', isFree: false,
    aircraftsIcao: ['DHC6', 'SF34', 'AT45', 'AT76', 'DH8D', 'CRJ2', 'CRJ7', 'CRJ9', 'E145', 'E170', 'E75L'] },
  { id: 8, code: 'NARROWBODY', name: 'Narrow-body jet type ratings', isFree: false,
    aircraftsIcao: ['BCS1', 'BCS3', 'E190', 'E195', 'E295', 'B722', 'MD82', 'B752', 'B753'] },
  { id: 9, code: 'WIDEBODY', name: 'Wide-body jet type ratings', isFree: false,
    aircraftsIcao: ['B763', 'B788', 'B789', 'B78X', 'B772', 'B77W', 'B744', 'B748', 'A332', 'A333', 'A339', 'A359', 'A35K', 'A388'] },
  { id: 10, code: 'CARGO', name: 'Freighter operations', isFree: false, aircraftsIcao: ['A306', 'B763F', 'MD11', 'B77L', 'B748F'] },
  { id: 11, code: 'HELICOPTER', name: 'Helicopter pilot licence', isFree: false, aircraftsIcao: ['R44', 'AS50', 'B407', 'EC35'] },
  { id: 12, code: 'SUPERSONIC', name: 'Supersonic type rating (Concorde)', isFree: false, aircraftsIcao: ['CONC'] },
];

export const findPilotLicenceByCode = (code: string): PilotLicenceDefinition | undefined =>
  pilotLicences.find((licence) => licence.code === code.toUpperCase());

/** GET /v1/pilot-licenses item. */
export const ZPilotLicense = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  isFree: z.boolean(),
  aircraftInformation: z.array(ZAircraftInformation),
});
export type TPilotLicense = z.infer<typeof ZPilotLicense>;

export const ZPilotLicenseQuery = z.object({
  onlyFreeLicenses: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** GET /v1/pilot/{id}/licenses-aircrafts item: a licence the pilot holds and the types it allows. */
export const ZLicenseAircraft = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  aircraftsIcao: z.array(z.string()),
});
export type TLicenseAircraft = z.infer<typeof ZLicenseAircraft>;
