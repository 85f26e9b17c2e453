export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  recentFlights: (userId: string) => [...dashboardQueryKeys.all, userId, 'recent-flights'] as const,
  flightTimes: (userId: string) => [...dashboardQueryKeys.all, userId, 'flight-times'] as const,
};
