import { storageKeys } from '../config/app-config';

export type StoredTokens = { token: string; refreshToken: string };

type Listener = () => void;
const listeners = new Set<Listener>();

const isStoredTokens = (value: unknown): value is StoredTokens =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredTokens).token === 'string' &&
  typeof (value as StoredTokens).refreshToken === 'string';

/** The access and refresh tokens, kept in local storage under `contrail.tokens`. */
export const tokenStorage = {
  get(): StoredTokens | null {
    try {
      const raw = localStorage.getItem(storageKeys.tokens);
      if (raw === null) return null;
      const parsed: unknown = JSON.parse(raw);
      return isStoredTokens(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  set(tokens: StoredTokens): void {
    localStorage.setItem(storageKeys.tokens, JSON.stringify({ token: tokens.token, refreshToken: tokens.refreshToken }));
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    localStorage.removeItem(storageKeys.tokens);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export type TokenStorage = typeof tokenStorage;
