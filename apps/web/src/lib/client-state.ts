/**
 * Client state that must not survive a logout ("Logout clears the session, resets
 * all client state"). A store that holds per-user state registers its reset here once; logout
 * calls them all. Device settings (language, map settings) are not user state and stay.
 */
type Reset = () => void;
const resets = new Set<Reset>();

export const registerClientStateReset = (reset: Reset): (() => void) => {
  resets.add(reset);
  return () => resets.delete(reset);
};

export const resetClientState = (): void => {
  resets.forEach((reset) => reset());
};
