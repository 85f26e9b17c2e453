export const notificationQueryKeys = {
  all: ['notifications'] as const,
  latest: (userId: string) => [...notificationQueryKeys.all, userId, 'latest'] as const,
};
