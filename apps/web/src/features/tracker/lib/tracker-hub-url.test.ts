import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACKER_HUB_URL, resolveTrackerHubUrl, TRACKER_HUB_URL_STORAGE_KEY } from './tracker-hub-url';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
};

describe('resolveTrackerHubUrl', () => {
  it('defaults to the tracker default port on 127.0.0.1', () => {
    expect(DEFAULT_TRACKER_HUB_URL).toBe('http://127.0.0.1:7373');
    expect(resolveTrackerHubUrl('', memoryStorage(), undefined)).toBe('http://127.0.0.1:7373');
  });

  it('uses the build setting, then a device setting over it', () => {
    const storage = memoryStorage();
    expect(resolveTrackerHubUrl('', storage, 'http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
    storage.setItem(TRACKER_HUB_URL_STORAGE_KEY, 'http://127.0.0.1:9100');
    expect(resolveTrackerHubUrl('', storage, 'http://127.0.0.1:9000')).toBe('http://127.0.0.1:9100');
  });

  it('remembers ?trackerPort= on the device, and ignores a port that is not one', () => {
    const storage = memoryStorage();
    expect(resolveTrackerHubUrl('?trackerPort=7474', storage, undefined)).toBe('http://127.0.0.1:7474');
    expect(storage.items.get(TRACKER_HUB_URL_STORAGE_KEY)).toBe('http://127.0.0.1:7474');
    expect(resolveTrackerHubUrl('?trackerPort=99999', memoryStorage(), undefined)).toBe(DEFAULT_TRACKER_HUB_URL);
    expect(resolveTrackerHubUrl('?trackerPort=http://evil', memoryStorage(), undefined)).toBe(DEFAULT_TRACKER_HUB_URL);
  });
});
