import { z } from 'zod';

/**
 * The live map's settings, saved on the device and edited in the map settings popover: their
 * defaults, and at most two weather layers at once.
 */

/** Where the settings live in the browser's localStorage (settings kept on the device). */
export const MAP_SETTINGS_STORAGE_KEY = 'contrail.mapSettings';

/** Map mode: Globe3D=0, Mode2D=1. */
export const MapMode = { Globe3D: 0, Mode2D: 1 } as const;
export type TMapMode = (typeof MapMode)[keyof typeof MapMode];
export const ZMapMode = z.union([z.literal(MapMode.Globe3D), z.literal(MapMode.Mode2D)]);

/** In display order. `light` is the popover's "day-night" layer (computed locally, see day-night-terminator). */
export const WeatherLayer = ['cloud', 'precipitation', 'temperature', 'wind', 'pressure', 'light'] as const;
export const ZWeatherLayer = z.enum(WeatherLayer);
export type TWeatherLayer = z.infer<typeof ZWeatherLayer>;

/** At most two weather layers are shown at once. */
export const MAX_WEATHER_LAYERS = 2;

/** The networks toggles; `contrail` is Contrail's own flights. */
export const MapNetworkToggle = ['ivao', 'contrail', 'vatsim', 'lastPosition'] as const;
export type TMapNetworkToggle = (typeof MapNetworkToggle)[number];

const ZWeatherLayerState = z.object({ checked: z.boolean() });

export const ZMapSettings = z.object({
  mode: ZMapMode,
  /** Index of the basemap style in the web app's list (0 = the default style). */
  map: z.number().int().min(0),
  weatherLayers: z
    .object({
      cloud: ZWeatherLayerState,
      precipitation: ZWeatherLayerState,
      temperature: ZWeatherLayerState,
      wind: ZWeatherLayerState,
      pressure: ZWeatherLayerState,
      light: ZWeatherLayerState,
    })
    .refine((layers) => Object.values(layers).filter((layer) => layer.checked).length <= MAX_WEATHER_LAYERS, {
      message: `At most ${MAX_WEATHER_LAYERS} weather layers can be selected`,
    }),
  networks: z.object({
    ivao: z.boolean(),
    contrail: z.boolean(),
    vatsim: z.boolean(),
    /** Show the user's last position (the airport where the last flight ended). */
    lastPosition: z.boolean(),
  }),
});
export type TMapSettings = z.infer<typeof ZMapSettings>;

/** Globe 3D, map 0, Contrail, IVAO and VATSIM on; no weather layer, no last position. */
export const defaultMapSettings = (): TMapSettings => ({
  mode: MapMode.Globe3D,
  map: 0,
  weatherLayers: {
    cloud: { checked: false },
    precipitation: { checked: false },
    temperature: { checked: false },
    wind: { checked: false },
    pressure: { checked: false },
    light: { checked: false },
  },
  networks: { ivao: true, contrail: true, vatsim: true, lastPosition: false },
});

/** The checked weather layers, in the order of `WeatherLayer`. */
export const getCheckedWeatherLayers = (settings: TMapSettings): TWeatherLayer[] =>
  WeatherLayer.filter((layer) => settings.weatherLayers[layer].checked);

/** Whether `layer` may be switched on now: it already is, or fewer than two layers are on. */
export const canCheckWeatherLayer = (settings: TMapSettings, layer: TWeatherLayer): boolean =>
  settings.weatherLayers[layer].checked || getCheckedWeatherLayers(settings).length < MAX_WEATHER_LAYERS;

export type TToggleWeatherLayerResult =
  | { outcome: 'checked' | 'unchecked'; settings: TMapSettings }
  /** A third layer was asked for: nothing changes (the popover greys out unchecked layers at two). */
  | { outcome: 'refused'; reason: 'MAX_WEATHER_LAYERS'; settings: TMapSettings };

/**
 * Switches a weather layer on or off. Switching on a third layer is refused and returns the same
 * settings object: the user turns one off first, rather than silently losing the oldest choice.
 * Never mutates its input.
 */
export const toggleWeatherLayer = (settings: TMapSettings, layer: TWeatherLayer): TToggleWeatherLayerResult => {
  const isChecked = settings.weatherLayers[layer].checked;
  if (!isChecked && !canCheckWeatherLayer(settings, layer)) {
    return { outcome: 'refused', reason: 'MAX_WEATHER_LAYERS', settings };
  }
  return {
    outcome: isChecked ? 'unchecked' : 'checked',
    settings: { ...settings, weatherLayers: { ...settings.weatherLayers, [layer]: { checked: !isChecked } } },
  };
};

/** Switches one network toggle (or last position). Never mutates its input. */
export const toggleMapNetwork = (settings: TMapSettings, network: TMapNetworkToggle): TMapSettings => ({
  ...settings,
  networks: { ...settings.networks, [network]: !settings.networks[network] },
});

/** Sets globe or flat mode. */
export const setMapMode = (settings: TMapSettings, mode: TMapMode): TMapSettings => ({ ...settings, mode });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads settings from what localStorage holds (a string, or null when nothing is saved), never
 * failing:
 * - null, not JSON, or JSON that is not an object -> the defaults;
 * - an object -> each part (mode, map, each weather layer, each network toggle) is taken when valid
 *   and defaulted otherwise, so settings saved by an older version keep what still applies;
 * - more than two checked weather layers (edited by hand) -> the first two in the order of `WeatherLayer` are kept.
 */
export const parseStoredMapSettings = (stored: string | null | undefined): TMapSettings => {
  const defaults = defaultMapSettings();
  if (stored === null || stored === undefined) return defaults;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return defaults;
  }
  if (!isRecord(raw)) return defaults;

  const mode = ZMapMode.safeParse(raw.mode);
  const map = ZMapSettings.shape.map.safeParse(raw.map);
  const storedLayers = isRecord(raw.weatherLayers) ? raw.weatherLayers : {};
  const storedNetworks = isRecord(raw.networks) ? raw.networks : {};

  let checkedCount = 0;
  const weatherLayers = { ...defaults.weatherLayers };
  for (const layer of WeatherLayer) {
    const state = ZWeatherLayerState.safeParse(storedLayers[layer]);
    const isChecked = state.success && state.data.checked && checkedCount < MAX_WEATHER_LAYERS;
    if (isChecked) checkedCount += 1;
    weatherLayers[layer] = { checked: isChecked };
  }

  const networks = { ...defaults.networks };
  for (const toggle of MapNetworkToggle) {
    const value = storedNetworks[toggle];
    if (typeof value === 'boolean') networks[toggle] = value;
  }

  return {
    mode: mode.success ? mode.data : defaults.mode,
    map: map.success ? map.data : defaults.map,
    weatherLayers,
    networks,
  };
};

/** What to write to localStorage under MAP_SETTINGS_STORAGE_KEY. Refuses settings that break the rules. */
export const serializeMapSettings = (settings: TMapSettings): string => JSON.stringify(ZMapSettings.parse(settings));
