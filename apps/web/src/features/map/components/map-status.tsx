import { useTranslation } from 'react-i18next';
import { getCheckedWeatherLayers, type TMapSettings } from '@contrail/domain/map/map-settings';
import type { TrafficState } from '../hooks/use-live-traffic';
import { isWeatherLayerAvailable, WEATHER_TILE_URL_VARIABLE, type LiveMapConfig } from '../lib/map-config';
import { TRAFFIC_SOURCES, type TrafficSource } from '../lib/moving-aircraft';

type MapStatusProps = {
  settings: TMapSettings;
  traffic: Record<TrafficSource, TrafficState>;
  config: LiveMapConfig;
};

/**
 * What the map cannot show right now and why: a network toggled on whose feed is unavailable, a
 * weather layer toggled on with no tile provider configured. Silent when everything draws.
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
    notes.push({ key: layer, text: t('status.weatherNotConfigured', { layer: t(`weather.${layer}`), variable: WEATHER_TILE_URL_VARIABLE }) });
  }
  return (
    <div role="status" aria-label={t('status.label')} className="pointer-events-none fixed bottom-4 left-16 z-10 hidden max-w-md flex-col gap-1 lg:flex">
      {notes.map((note) => (
        <p key={note.key} className="rounded-md border border-slate-700 bg-slate-900 px-3 py-1.5 text-xs text-slate-100 shadow-lg">
          {note.text}
        </p>
      ))}
    </div>
  );
};
