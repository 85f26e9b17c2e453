export const notificationQueryKeys = {
  all: ['notifications'] as const,
  ofUser: (userId: string) => [...notificationQueryKeys.all, userId] as const,
  page: (userId: string, page: number) => [...notificationQueryKeys.ofUser(userId), 'page', page] as const,
};
