import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCheckedWeatherLayers, type TMapSettings } from '@contrail/domain/map/map-settings';
import type { TrafficState } from '../hooks/use-live-traffic';
import { isWeatherLayerAvailable, type LiveMapConfig } from '../lib/map-config';
import { TRAFFIC_SOURCES, type TrafficSource } from '../lib/moving-aircraft';

type MapStatusProps = {
  settings: TMapSettings;
  traffic: Record<TrafficSource, TrafficState>;
  config: LiveMapConfig;
};

/** A note stays this long after it first appears, then gives the screen back (never a permanent banner). */
export const MAP_STATUS_NOTE_VISIBLE_MS = 12_000;

/**
 * What the map cannot show right now and why, in a pilot's words: a network toggled on whose feed is
 * unavailable, a weather layer this server does not offer. Each note shows for a while when it
 * appears and then hides (the map settings keep saying it); silent when everything draws.
 */
export const MapStatus = ({ settings, traffic, config }: MapStatusProps) => {
  const { t } = useTranslation('map');
  const notes: { key: string; text: string }[] = [];
  for (const source of TRAFFIC_SOURCES) {
    const unavailable = traffic[source].unavailable;
    if (!settings.networks[source] || !unavailable) continue;
    notes.push({ key: source, text: t('status.feedUnavailable', { network: t(`networks.${source}`), reason: t(`status.reason.${unavailable}`) }) });
  }
  for (const layer of getCheckedWeatherLayers(settings)) {
    if (isWeatherLayerAvailable(config, layer)) continue;
    notes.push({ key: layer, text: t('status.weatherNotConfigured', { layer: t(`weather.${layer}`) }) });
  }
  const visible = useRecentNotes(notes);
  return (
    <div role="status" aria-label={t('status.label')} className="pointer-events-none fixed bottom-4 left-16 z-10 hidden max-w-md flex-col gap-1 lg:flex">
      {visible.map((note) => (
        <p key={note.key} className="rounded-md border border-slate-700 bg-slate-900 px-3 py-1.5 text-xs text-slate-100 shadow-lg">
          {note.text}
        </p>
      ))}
    </div>
  );
};

/** The notes that appeared less than MAP_STATUS_NOTE_VISIBLE_MS ago (a note that goes and comes back shows again). */
const useRecentNotes = <T extends { key: string }>(notes: T[]): T[] => {
  const [firstSeen, setFirstSeen] = useState<Record<string, number>>({});
  const [nowMs, setNowMs] = useState(() => Date.now());
  const keys = notes.map((note) => note.key).join('|');
  useEffect(() => {
    const current = keys === '' ? [] : keys.split('|');
    setFirstSeen((seen) => Object.fromEntries(current.map((key) => [key, seen[key] ?? Date.now()])));
    setNowMs(Date.now());
    if (current.length === 0) return undefined;
    const timer = setTimeout(() => setNowMs(Date.now()), MAP_STATUS_NOTE_VISIBLE_MS + 50);
    return () => clearTimeout(timer);
  }, [keys]);
  return notes.filter((note) => nowMs - (firstSeen[note.key] ?? nowMs) < MAP_STATUS_NOTE_VISIBLE_MS);
};
