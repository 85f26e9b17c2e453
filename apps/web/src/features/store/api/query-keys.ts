export const storeQueryKeys = {
  all: ['store'] as const,
  items: (filters: object) => [...storeQueryKeys.all, 'items', filters] as const,
  categories: () => [...storeQueryKeys.all, 'categories'] as const,
  packs: () => [...storeQueryKeys.all, 'packs'] as const,
  subscriptions: () => [...storeQueryKeys.all, 'subscriptions'] as const,
  inventory: (owner: string, filters: object) => [...storeQueryKeys.all, 'inventory', owner, filters] as const,
  checkoutStatus: (sessionId: string) => [...storeQueryKeys.all, 'checkout', sessionId] as const,
};
