export const walletQueryKeys = {
  all: ['wallet'] as const,
  transactions: (userId: string, currency: string, page: number, pageSize: number) =>
    [...walletQueryKeys.all, userId, currency, { page, pageSize }] as const,
};
