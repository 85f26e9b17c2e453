export const sidePanelQueryKeys = {
  all: ['side-panel'] as const,
  airport: (ident: string) => [...sidePanelQueryKeys.all, 'airport', ident] as const,
  airline: (airlineId: string) => [...sidePanelQueryKeys.all, 'airline', airlineId] as const,
  airlinePlane: (airlineId: string, planeId: string) => [...sidePanelQueryKeys.all, 'airline-plane', airlineId, planeId] as const,
  airlinePlanesAt: (airlineId: string, ident: string) => [...sidePanelQueryKeys.all, 'airline-planes-at', airlineId, ident] as const,
  pilotFlightsAt: (userId: string, ident: string) => [...sidePanelQueryKeys.all, 'pilot-flights', userId, ident] as const,
};
