import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canCheckWeatherLayer,
  MapMode,
  MAX_WEATHER_LAYERS,
  setMapMode,
  toggleMapNetwork,
  toggleWeatherLayer,
  WeatherLayer,
  type TMapNetworkToggle,
  type TMapSettings,
} from '@contrail/domain/map/map-settings';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { cn } from '../../../components/ui/cn';
import { Dropdown } from '../../../components/ui/dropdown';
import { mapSettingsStore, useMapSettings } from '../hooks/use-map-settings';
import { useNetworkStatus } from '../hooks/use-network-status';
import { isWeatherLayerAvailable, liveMapConfig, type LiveMapConfig } from '../lib/map-config';

/** Popover order: day-night first, then the tile layers. */
const POPOVER_WEATHER_ORDER = ['light', ...WeatherLayer.filter((layer) => layer !== 'light')] as const;
/** "Network toggles: {product}, IVAO, VATSIM". */
const NETWORK_ORDER = ['contrail', 'ivao', 'vatsim'] as const satisfies readonly TMapNetworkToggle[];

const legendClasses = 'mb-1 text-xs font-semibold tracking-wide text-slate-300 uppercase';

/**
 * "Map settings popover": mode (3D globe or 2D), last position, network toggles,
 * weather layers (two at most). Every change is saved on the device at once.
 */
export const MapSettingsButton = ({ config = liveMapConfig }: { config?: LiveMapConfig }) => {
  const { t } = useTranslation('map');
  const settings = useMapSettings();
  const networkStatus = useNetworkStatus();
  // A layer turned on that cannot draw marks the button; the popover says why.
  const hasUnavailableLayer =
    NETWORK_ORDER.some((network) => networkStatus[network] !== undefined) ||
    POPOVER_WEATHER_ORDER.some((layer) => settings.weatherLayers[layer].checked && !isWeatherLayerAvailable(config, layer));
  return (
    <Dropdown
      label={t('settings.open')}
      placement="above"
      triggerClassName="h-10 w-10 justify-center border border-slate-600 bg-slate-900 text-slate-50 hover:bg-slate-700"
      trigger={
        <span className="relative">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6">
            <path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14" />
          </svg>
          {hasUnavailableLayer ? <span data-testid="map-settings-attention" aria-hidden="true" className="absolute -top-1.5 -right-1.5 h-2.5 w-2.5 rounded-full bg-amber-400" /> : null}
        </span>
      }
    >
      <MapSettingsPanel config={config} />
    </Dropdown>
  );
};

export const MapSettingsPanel = ({ config }: { config: LiveMapConfig }) => {
  const { t } = useTranslation('map');
  const settings = useMapSettings();
  const networkStatus = useNetworkStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const save = (next: TMapSettings) => {
    setRefusal(null);
    mapSettingsStore.set(next);
  };
  const checkedCount = POPOVER_WEATHER_ORDER.filter((layer) => settings.weatherLayers[layer].checked).length;

  return (
    <section aria-labelledby={headingId} className="flex w-72 flex-col gap-3 p-2">
      <h2 id={headingId} className="text-sm font-semibold text-white">
        {t('settings.title')}
      </h2>

      <fieldset>
        <legend className={legendClasses}>{t('settings.mode')}</legend>
        <div className="flex gap-2">
          {[
            { mode: MapMode.Globe3D, label: t('settings.globe') },
            { mode: MapMode.Mode2D, label: t('settings.flat') },
          ].map(({ mode, label }) => (
            <label
              key={mode}
              className={cn(
                'flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border px-2 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-300',
                settings.mode === mode ? 'border-sky-400 bg-sky-900 text-white' : 'border-slate-600 text-slate-100 hover:bg-slate-700',
              )}
            >
              <input
                type="radio"
                name="map-mode"
                className="sr-only"
                checked={settings.mode === mode}
                onChange={() => save(setMapMode(settings, mode))}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <CheckboxField
        label={t('settings.lastPosition')}
        checked={settings.networks.lastPosition}
        onChange={() => save(toggleMapNetwork(settings, 'lastPosition'))}
      />

      <fieldset className="flex flex-col gap-1.5">
        <legend className={legendClasses}>{t('settings.networks')}</legend>
        {NETWORK_ORDER.map((network) => {
          // Said once, here where the layer is turned on: why a layer that is on draws nothing.
          const unavailable = settings.networks[network] ? networkStatus[network] : undefined;
          const hintId = `map-network-${network}-hint`;
          return (
            <div key={network} className="flex flex-col">
              <CheckboxField
                label={t(`networks.${network}`)}
                checked={settings.networks[network]}
                aria-describedby={unavailable ? hintId : undefined}
                onChange={() => save(toggleMapNetwork(settings, network))}
              />
              {unavailable ? (
                <p id={hintId} className="ml-6 text-xs text-amber-200">
                  {t(`settings.networkUnavailable.${unavailable}`)}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>

      <fieldset className="flex flex-col gap-1.5">
        <legend className={legendClasses}>{t('settings.weather', { max: MAX_WEATHER_LAYERS })}</legend>
        {POPOVER_WEATHER_ORDER.map((layer) => {
          const isChecked = settings.weatherLayers[layer].checked;
          const isBlocked = !canCheckWeatherLayer(settings, layer);
          const isAvailable = isWeatherLayerAvailable(config, layer);
          const hintId = `map-weather-${layer}-hint`;
          return (
            <div key={layer} className="flex flex-col">
              <CheckboxField
                label={t(`weather.${layer}`)}
                checked={isChecked}
                aria-disabled={isBlocked || undefined}
                aria-describedby={isAvailable ? undefined : hintId}
                className={cn(isBlocked && 'opacity-70')}
                onChange={() => {
                  const result = toggleWeatherLayer(settings, layer);
                  if (result.outcome === 'refused') setRefusal(t('settings.maxWeather', { max: MAX_WEATHER_LAYERS }));
                  else save(result.settings);
                }}
              />
              {isAvailable ? null : (
                <p id={hintId} className="ml-6 text-xs text-slate-300">
                  {t('settings.weatherHowToEnable')}
                </p>
              )}
            </div>
          );
        })}
        <p className={cn('text-xs', refusal ? 'text-amber-200' : 'text-slate-300')} role={refusal ? 'alert' : undefined}>
          {refusal ?? t('settings.weatherCount', { count: checkedCount, max: MAX_WEATHER_LAYERS })}
        </p>
      </fieldset>
    </section>
  );
};
