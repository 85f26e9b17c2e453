export const profileQueryKeys = {
  all: ['profile'] as const,
  flightTimes: (userId: string) => [...profileQueryKeys.all, userId, 'flight-times'] as const,
};
