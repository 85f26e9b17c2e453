export const flightConfigQueryKeys = {
  all: ['flight-config'] as const,
  aircraft: () => [...flightConfigQueryKeys.all, 'aircraft'] as const,
  aircraftInformation: (icao: string) => [...flightConfigQueryKeys.all, 'aircraft-information', icao] as const,
  defaultSeats: (icao: string) => [...flightConfigQueryKeys.all, 'default-seats', icao] as const,
  userSeats: (userId: string) => [...flightConfigQueryKeys.all, 'user-seats', userId] as const,
  heldLicences: (userId: string) => [...flightConfigQueryKeys.all, 'held-licences', userId] as const,
  mission: (missionId: string) => [...flightConfigQueryKeys.all, 'mission', missionId] as const,
};
