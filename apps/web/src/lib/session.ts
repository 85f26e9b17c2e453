import { useSyncExternalStore } from 'react';
import { tokenStorage } from './token-storage';

/**
 * Whether the browser holds an authenticated session. It starts from
 * the stored tokens; login marks it authenticated once the user is loaded; clearing the tokens
 * (logout, failed refresh) ends it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let authenticated = tokenStorage.get() !== null;

const set = (value: boolean): void => {
  if (authenticated === value) return;
  authenticated = value;
  listeners.forEach((listener) => listener());
};

tokenStorage.subscribe(() => {
  if (tokenStorage.get() === null) set(false);
});

export const session = {
  isAuthenticated: (): boolean => authenticated,
  markAuthenticated: (): void => set(true),
  end: (): void => set(false),
  /** Re-reads the stored tokens (start-up and tests). */
  syncFromStorage: (): void => set(tokenStorage.get() !== null),
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useIsAuthenticated = (): boolean =>
  useSyncExternalStore(session.subscribe, session.isAuthenticated, session.isAuthenticated);
