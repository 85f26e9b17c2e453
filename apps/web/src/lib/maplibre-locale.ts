import type { i18n as I18n } from 'i18next';

/**
 * MapLibre's own control tooltips (zoom, compass, attribution...) in the pilot's language: the
 * `locale` option of a MapLibre Map, read from `common:mapControls`. MapLibre's string IDs contain a
 * dot, so the keys here replace it with an underscore.
 */
const CONTROL_IDS = [
  'AttributionControl.MapFeedback',
  'AttributionControl.ToggleAttribution',
  'FullscreenControl.Enter',
  'FullscreenControl.Exit',
  'GeolocateControl.FindMyLocation',
  'GeolocateControl.LocationNotAvailable',
  'GlobeControl.Disable',
  'GlobeControl.Enable',
  'LogoControl.Title',
  'NavigationControl.ResetBearing',
  'NavigationControl.ZoomIn',
  'NavigationControl.ZoomOut',
  'TerrainControl.Disable',
  'TerrainControl.Enable',
] as const;

export const maplibreLocale = (i18n: I18n): Record<string, string> =>
  Object.fromEntries(CONTROL_IDS.map((id) => [id, i18n.t(`common:mapControls.${id.replace('.', '_')}`)]));
