export const flightLogQueryKeys = {
  all: ['flight-log'] as const,
  pages: (userId: string) => [...flightLogQueryKeys.all, 'user', userId] as const,
  page: (userId: string, query: { search: string; page: number; size: number }) => [...flightLogQueryKeys.pages(userId), query] as const,
  detail: (id: string) => [...flightLogQueryKeys.all, 'detail', id] as const,
};
