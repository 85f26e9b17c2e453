export const flightQueryKeys = {
  all: ['flight'] as const,
  current: () => [...flightQueryKeys.all, 'current'] as const,
  detail: (flightId: string) => [...flightQueryKeys.all, 'detail', flightId] as const,
  bookings: () => [...flightQueryKeys.all, 'afrv-bookings'] as const,
  airport: (ident: string) => [...flightQueryKeys.all, 'airport', ident] as const,
};
