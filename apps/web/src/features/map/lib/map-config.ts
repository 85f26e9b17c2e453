import type { TWeatherLayer } from '@contrail/domain/map/map-settings';

/**
 * Live-map configuration, read once at build time (docs/decisions/0009-live-map.md):
 *
 * - `VITE_MAP_STYLE_URL`: any MapLibre style URL (vector tiles). Unset: the offline world map.
 * - `VITE_WEATHER_TILE_URL`: a raster tile template for the weather layers, with `{layer}` for the
 *   provider's layer name and `{z}/{x}/{y}`, e.g.
 *   `https://tile.openweathermap.org/map/{layer}/{z}/{x}/{y}.png?appid=KEY`. Unset: cloud,
 *   precipitation, temperature, wind and pressure explain how to enable them; day-night always works.
 */
export type LiveMapConfig = {
  styleUrl: string | null;
  weatherTileUrl: string | null;
};

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export const liveMapConfig: LiveMapConfig = {
  styleUrl: nonEmpty(import.meta.env.VITE_MAP_STYLE_URL),
  weatherTileUrl: nonEmpty(import.meta.env.VITE_WEATHER_TILE_URL),
};

/** The build variable that enables the tile weather layers (shown to the user when it is missing). */
export const WEATHER_TILE_URL_VARIABLE = 'VITE_WEATHER_TILE_URL';

/** Weather layers drawn from tiles; `light` (day-night) is computed locally. */
export type TileWeatherLayer = Exclude<TWeatherLayer, 'light'>;

/** OpenWeatherMap's 1.0 tile layer names, the `{layer}` of the template. */
export const WEATHER_TILE_LAYER_NAMES: Record<TileWeatherLayer, string> = {
  cloud: 'clouds_new',
  precipitation: 'precipitation_new',
  temperature: 'temp_new',
  wind: 'wind_new',
  pressure: 'pressure_new',
};

/** The tile URL of one weather layer, or null when no provider is configured. */
export const weatherTileUrl = (template: string | null, layer: TileWeatherLayer): string | null =>
  template ? template.replaceAll('{layer}', WEATHER_TILE_LAYER_NAMES[layer]) : null;

/** Whether a weather layer can be drawn with this configuration. */
export const isWeatherLayerAvailable = (config: LiveMapConfig, layer: TWeatherLayer): boolean =>
  layer === 'light' || config.weatherTileUrl !== null;

/** How often the map moves the planes between two snapshots (dead reckoning), ms. Measured in bench:map. */
export const AIRCRAFT_MOVE_INTERVAL_MS = 1000;
/** How often the day-night terminator is recomputed, ms (it moves 0.25 degree a minute). */
export const TERMINATOR_REFRESH_MS = 60_000;
