export const sidePanelQueryKeys = {
  all: ['side-panel'] as const,
  airport: (ident: string) => [...sidePanelQueryKeys.all, 'airport', ident] as const,
  pilotFlightsAt: (userId: string, ident: string) => [...sidePanelQueryKeys.all, 'pilot-flights', userId, ident] as const,
};
