import { useSyncExternalStore } from 'react';
import { parseStoredMapSettings, serializeMapSettings, type TMapSettings } from '@contrail/domain/map/map-settings';
import { storageKeys } from '../../../config/app-config';

/**
 * The map settings of this device (saved locally under
 * `contrail.mapSettings`), shared by the popover and the map. Device settings survive a logout.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; settings: TMapSettings } | null = null;

const readRaw = (): string | null => {
  try {
    return localStorage.getItem(storageKeys.mapSettings);
  } catch {
    return null;
  }
};

export const mapSettingsStore = {
  get: (): TMapSettings => {
    const raw = readRaw();
    if (!cached || cached.raw !== raw) cached = { raw, settings: parseStoredMapSettings(raw) };
    return cached.settings;
  },
  /** Saves settings that follow the rules (at most two weather layers); throws otherwise. */
  set: (settings: TMapSettings): void => {
    const raw = serializeMapSettings(settings);
    try {
      localStorage.setItem(storageKeys.mapSettings, raw);
    } catch {
      // Storage full or blocked: the settings still apply for this visit.
    }
    // Keyed by what storage now holds, so a blocked storage still keeps the change for this visit.
    cached = { raw: readRaw(), settings };
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useMapSettings = (): TMapSettings => useSyncExternalStore(mapSettingsStore.subscribe, mapSettingsStore.get, mapSettingsStore.get);
