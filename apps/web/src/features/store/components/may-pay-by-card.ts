import { useCurrentUser } from '../../../lib/auth';

/** Whether the signed-in pilot may pay by card: the server refuses card payments to an unverified address. */
export const useMayPayByCard = (): boolean => useCurrentUser()?.emailVerified ?? false;
