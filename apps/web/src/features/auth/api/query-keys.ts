export const authQueryKeys = {
  all: ['auth'] as const,
  checkMfId: (id: string) => [...authQueryKeys.all, 'check-mf-id', id] as const,
  verifyEmail: (token: string) => [...authQueryKeys.all, 'verify-email', token] as const,
};
