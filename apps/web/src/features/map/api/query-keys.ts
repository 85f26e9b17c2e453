import type { TOnlineNetwork } from '@contrail/domain/network/online-network-flight';

export const mapQueryKeys = {
  all: ['map'] as const,
  networkFlights: (network: TOnlineNetwork) => [...mapQueryKeys.all, 'network', network] as const,
  inProgressFlights: () => [...mapQueryKeys.all, 'in-progress-flights'] as const,
  airports: () => [...mapQueryKeys.all, 'airports'] as const,
  airport: (ident: string) => [...mapQueryKeys.all, 'airport', ident] as const,
  airlineItems: (airlineId: string) => [...mapQueryKeys.all, 'airline-items', airlineId] as const,
};
