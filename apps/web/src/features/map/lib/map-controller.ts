import type { FeatureCollection, GeoJSON } from 'geojson';
import {
  Map as MapLibreMap,
  NavigationControl,
  type GeoJSONSource,
  type MapOptions,
  type MapGeoJSONFeature,
  type MapMouseEvent,
  type StyleSpecification,
} from 'maplibre-gl';
import { getNightPolygon } from '@contrail/domain/map/day-night-terminator';
import type { TAirportMapCollection } from '@contrail/domain/map/airport-map-features';
import { MapMode, WeatherLayer, type TMapSettings } from '@contrail/domain/map/map-settings';
import { drawAircraftImage } from './aircraft-icon';
import {
  AIRCRAFT_MOVE_INTERVAL_MS,
  TERMINATOR_REFRESH_MS,
  weatherTileUrl,
  type LiveMapConfig,
  type TileWeatherLayer,
} from './map-config';
import { extrapolatePosition, toAircraftCollection, TRAFFIC_SOURCES, type AircraftFeatureProperties, type MapAircraft, type TrafficSource } from './moving-aircraft';
import type { WorldBasemap } from './world-basemap';

/** What a click on the map picked: the side panel opens for it. */
export type MapSelection =
  | { kind: 'plane'; planeId: string; aircraft: AircraftFeatureProperties }
  | { kind: 'airport'; airportId: string }
  | { kind: 'hub'; hubId: string; airportId: string; airlineId: string }
  | { kind: 'airlinePlane'; planeId: string; airlineId: string; registration: string };

/** An airline's hub or plane (GET /airline/{id}/livemap/item), with the airline it belongs to. */
export type AirlineMapFeature = {
  id: string;
  airlineId: string;
  category: 'HUB' | 'PLANE';
  latitude: number;
  longitude: number;
  heading: number;
  tailRegistration?: string | undefined;
  state?: string | undefined;
  airportIdent?: string | undefined;
};

export type LastPosition = { ident: string; latitudeDeg: number; longitudeDeg: number };

/**
 * The signed-in pilot's own flight, whichever device records it (this browser's hub relays it live;
 * otherwise the server's record of the pilot's flight in progress, since the in-progress list leaves
 * the caller's flight out): where the aircraft is now and the track flown so far,
 * oldest first, as [longitude, latitude].
 */
export type OwnFlight = {
  flightId: string;
  flightNumber: string;
  position: { latitudeDeg: number; longitudeDeg: number; headingDeg: number; altitudeFt: number; groundSpeedKts: number } | null;
  track: readonly (readonly [longitudeDeg: number, latitudeDeg: number])[];
  /**
   * When the position was reported, ms since the epoch, for a flight read from the server (a
   * report every 10 s at most): the aircraft is moved along its heading meanwhile, like traffic.
   * Absent for the hub's live data (every second).
   */
  reportedAtMs?: number;
};

export type LiveMapControllerOptions = {
  container: HTMLElement;
  config: LiveMapConfig;
  settings: TMapSettings;
  onSelect: (selection: MapSelection) => void;
  /** MapLibre's control tooltips in the pilot's language (lib/maplibre-locale). */
  locale?: Record<string, string>;
  /** The offline world map; only used without a style URL. */
  loadBasemap: () => Promise<WorldBasemap>;
  now?: () => number;
  moveIntervalMs?: number;
  /** The pilot dragged the map away while following: follow mode ends. */
  onFollowEnded?: () => void;
  /** Makes the MapLibre map; tests pass a stand-in (jsdom has no WebGL). */
  createMap?: (options: MapOptions) => MapLibreMap;
};

/** Icon colours: Contrail's own traffic stands out; the two networks keep their usual colours. */
export const TRAFFIC_COLORS: Record<TrafficSource, string> = { contrail: '#facc15', vatsim: '#38bdf8', ivao: '#f472b6' };
/** The pilot's own aircraft and track: a colour no traffic source uses, drawn above all traffic. */
export const OWN_AIRCRAFT_COLOR = '#4ade80';
export const OWN_AIRCRAFT_LAYER = 'own-aircraft';
/** The airlines the pilot flies for (or the one a manager runs): hubs and planes in colours of their own. */
export const AIRLINE_HUB_COLOR = '#c084fc';
export const AIRLINE_PLANE_COLOR = '#fb923c';
const AIRLINE_SOURCE = 'airline-items';
export const AIRLINE_HUB_LAYER = 'airline-hubs';
export const AIRLINE_PLANE_LAYER = 'airline-planes';
export const OWN_TRACK_LAYER = 'own-track';
/** A manager's map frames their airline no closer than this: hubs and the country around them. */
const AIRLINE_FOCUS_ZOOM = 5;
/** Follow mode zooms in at least this far, so the aircraft and its track are readable. */
const FOLLOW_MIN_ZOOM = 6;

export const aircraftLayerId = (source: TrafficSource) => `aircraft-${source}`;
const trafficSourceId = (source: TrafficSource) => `traffic-${source}`;
const weatherLayerId = (layer: TileWeatherLayer) => `weather-${layer}`;
const TILE_WEATHER_LAYERS = WeatherLayer.filter((layer): layer is TileWeatherLayer => layer !== 'light');

const AIRPORT_LAYERS = ['airports-large', 'airports-medium'] as const;
/** Clickable layers, most important first (a plane over an airport wins). */
const CLICKABLE_LAYERS = [...[...TRAFFIC_SOURCES].reverse().map(aircraftLayerId), AIRLINE_PLANE_LAYER, AIRLINE_HUB_LAYER, ...AIRPORT_LAYERS];
/** Pixels around a click that still count as a hit on a symbol. */
const CLICK_TOLERANCE_PX = 6;
const ICON_SIZE_PX = 40;
const ICON_PIXEL_RATIO = 2;

const emptyCollection = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

const OCEAN = '#0b1d33';
const LAND = '#2a3a50';

/** The offline style: ocean, land and borders from world-atlas (filled in once loaded). */
export const buildOfflineStyle = (): StyleSpecification => ({
  version: 8,
  sources: {
    land: { type: 'geojson', data: emptyCollection() },
    borders: { type: 'geojson', data: emptyCollection() },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': OCEAN } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND, 'fill-antialias': false } },
    {
      id: 'coast',
      type: 'line',
      source: 'borders',
      filter: ['==', ['get', 'kind'], 'coast'],
      paint: { 'line-color': '#334155', 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.2] },
    },
    {
      id: 'borders',
      type: 'line',
      source: 'borders',
      filter: ['==', ['get', 'kind'], 'border'],
      paint: { 'line-color': '#475569', 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1], 'line-opacity': 0.8 },
    },
  ],
});

/**
 * Everything the live map draws, kept in MapLibre sources and layers (never React state): React
 * hands snapshots over (`setTraffic`, `setAirports`, `applySettings`...), and the controller moves
 * the planes between snapshots with one `setData` per visible source every `moveIntervalMs`.
 */
export class LiveMapController {
  readonly map: MapLibreMap;
  private readonly options: LiveMapControllerOptions;
  private readonly now: () => number;
  private settings: TMapSettings;
  private isStyleReady = false;
  private isDestroyed = false;
  private readonly traffic = new Map<TrafficSource, { aircraft: MapAircraft[]; receivedAtMs: number }>();
  private airports: TAirportMapCollection | null = null;
  private lastPosition: LastPosition | null = null;
  private ownFlight: OwnFlight | null = null;
  private airlineItems: readonly AirlineMapFeature[] = [];
  private isFollowing = false;
  /** Where the own aircraft was last drawn, [longitude, latitude]. */
  private ownDrawnAt: [number, number] | null = null;
  /** Follow mode has zoomed onto the aircraft since it was last turned on. */
  private hasFramedOwnAircraft = false;
  private selectedPlaneId: string | null = null;
  /**
   * What each moving source holds on the map now, by feature count: an empty source is not set
   * again every second, so a map with nothing moving stays idle instead of redrawing the world.
   */
  private readonly drawnFeatureCounts = new Map<string, number>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];

  constructor(options: LiveMapControllerOptions) {
    this.options = options;
    this.now = options.now ?? (() => Date.now());
    this.settings = options.settings;
    const createMap = options.createMap ?? ((mapOptions: MapOptions) => new MapLibreMap(mapOptions));
    this.map = createMap({
      container: options.container,
      style: options.config.styleUrl ?? buildOfflineStyle(),
      center: [10, 35],
      zoom: 1.6,
      minZoom: 0.5,
      maxZoom: 14,
      attributionControl: { compact: true },
      ...(options.locale ? { locale: options.locale } : {}),
    });
    this.map.addControl(new NavigationControl({ visualizePitch: true }), 'bottom-left');
    this.map.on('style.load', () => this.onStyleLoad());
    this.map.on('click', (event) => this.onClick(event));
    this.map.on('mousemove', (event) => this.onHover(event));
    this.map.on('dragstart', () => {
      if (!this.isFollowing) return;
      this.isFollowing = false;
      this.hasFramedOwnAircraft = false;
      options.onFollowEnded?.();
    });
    // Arrow keys pan without a drag: panning away by keyboard ends follow mode too.
    this.map.on('movestart', (event: { originalEvent?: unknown }) => {
      if (!this.isFollowing || !(event.originalEvent instanceof KeyboardEvent) || !event.originalEvent.key.startsWith('Arrow')) return;
      this.isFollowing = false;
      this.hasFramedOwnAircraft = false;
      options.onFollowEnded?.();
    });
    // Missing weather tiles (no key, no network) must not break the map: say it once in the console.
    this.map.on('error', (event) => console.warn('live map:', event.error.message));
    this.timers.push(setInterval(() => this.moveAircraft(), options.moveIntervalMs ?? AIRCRAFT_MOVE_INTERVAL_MS));
    this.timers.push(setInterval(() => this.updateNight(), TERMINATOR_REFRESH_MS));
    if (!options.config.styleUrl) {
      options
        .loadBasemap()
        .then((basemap) => {
          if (this.isDestroyed) return;
          const apply = () => {
            this.setSourceData('land', basemap.land);
            this.setSourceData('borders', basemap.borders);
          };
          if (this.isStyleReady) apply();
          else this.map.once('style.load', apply);
        })
        .catch((error: unknown) => console.warn('live map: the offline world map did not load', error));
    }
  }

  /** Applies the popover's settings: projection, network layers, last position, weather layers. */
  applySettings(settings: TMapSettings): void {
    this.settings = settings;
    if (!this.isStyleReady) return;
    this.map.setProjection({ type: settings.mode === MapMode.Globe3D ? 'globe' : 'mercator' });
    for (const source of TRAFFIC_SOURCES) this.setVisibility(aircraftLayerId(source), settings.networks[source]);
    this.setVisibility('last-position', settings.networks.lastPosition);
    this.setVisibility('night', settings.weatherLayers.light.checked);
    if (settings.weatherLayers.light.checked) this.updateNight();
    for (const layer of TILE_WEATHER_LAYERS) {
      const isShown = settings.weatherLayers[layer].checked;
      if (isShown) this.ensureWeatherLayer(layer);
      this.setVisibility(weatherLayerId(layer), isShown);
    }
    this.moveAircraft();
  }

  /** A new snapshot of one traffic source (positions as reported at `receivedAtMs`). */
  setTraffic(source: TrafficSource, aircraft: MapAircraft[], receivedAtMs = this.now()): void {
    this.traffic.set(source, { aircraft, receivedAtMs });
    this.pushTraffic(source);
  }

  setAirports(airports: TAirportMapCollection): void {
    this.airports = airports;
    if (this.isStyleReady) this.setSourceData('airports', airports);
  }

  /** The hubs and planes of the airlines in question (none outside an airline). */
  setAirlineItems(items: readonly AirlineMapFeature[]): void {
    this.airlineItems = items;
    if (this.isStyleReady) this.setSourceData(AIRLINE_SOURCE, this.airlineCollection());
  }

  /** Frames the airline's hubs and planes (a manager's map opens on their airline). */
  focusOnAirlineItems(): void {
    const points = this.airlineItems.map((item) => [item.longitude, item.latitude] as [number, number]);
    if (points.length === 0) return;
    const west = Math.min(...points.map(([longitude]) => longitude));
    const east = Math.max(...points.map(([longitude]) => longitude));
    const south = Math.min(...points.map(([, latitude]) => latitude));
    const north = Math.max(...points.map(([, latitude]) => latitude));
    if (east - west < 1 && north - south < 1) {
      this.map.jumpTo({ center: [(west + east) / 2, (south + north) / 2], zoom: AIRLINE_FOCUS_ZOOM });
      return;
    }
    this.map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 80, maxZoom: AIRLINE_FOCUS_ZOOM, animate: false },
    );
  }

  /** The airline hubs and planes drawn (for the browser journeys). */
  airlineItemsShown(): { id: string; category: 'HUB' | 'PLANE'; state: string | null; longitudeDeg: number; latitudeDeg: number }[] {
    return this.airlineItems.map((item) => ({ id: item.id, category: item.category, state: item.state ?? null, longitudeDeg: item.longitude, latitudeDeg: item.latitude }));
  }

  setLastPosition(position: LastPosition | null): void {
    this.lastPosition = position;
    if (this.isStyleReady) this.setSourceData('last-position', this.lastPositionCollection());
  }

  /** The pilot's own flight (or none): its aircraft and flown track, kept centred while following. */
  setOwnFlight(flight: OwnFlight | null): void {
    this.ownFlight = flight;
    if (!this.isStyleReady) return;
    this.setSourceData(OWN_AIRCRAFT_LAYER, this.ownAircraftCollection());
    this.setSourceData(OWN_TRACK_LAYER, this.ownTrackCollection());
    this.followOwnAircraft();
  }

  /** Follow mode: the map keeps the pilot's aircraft in the centre (first at a readable zoom). */
  setFollowing(isFollowing: boolean): void {
    const wasFollowing = this.isFollowing;
    this.isFollowing = isFollowing;
    if (!isFollowing) this.hasFramedOwnAircraft = false;
    if (isFollowing && !wasFollowing) this.followOwnAircraft(true);
  }

  /** Takes the map to the pilot's aircraft at a readable zoom and follows it (the widget's flight number). */
  focusOwnAircraft(): void {
    this.isFollowing = true;
    this.followOwnAircraft(true);
  }

  /** Whether follow mode is on (for the browser journeys). */
  isFollowingOwnAircraft(): boolean {
    return this.isFollowing;
  }

  /** Where the own aircraft is drawn (for the browser journeys), null when there is none. */
  ownAircraftPosition(): { longitudeDeg: number; latitudeDeg: number; trackPoints: number } | null {
    const position = this.ownPositionNow();
    if (!position) return null;
    return { longitudeDeg: position.longitudeDeg, latitudeDeg: position.latitudeDeg, trackPoints: this.ownFlight?.track.length ?? 0 };
  }

  /** Where the own aircraft is drawn now: as reported, or moved on since a server report. */
  private ownPositionNow(): NonNullable<OwnFlight['position']> | null {
    const flight = this.ownFlight;
    const position = flight?.position;
    if (!flight || !position) return null;
    if (flight.reportedAtMs === undefined) return position;
    const [longitudeDeg, latitudeDeg] = extrapolatePosition(
      { ...position, id: flight.flightId, source: 'contrail', flightNumber: flight.flightNumber, departure: null, arrival: null, aircraftIcao: null },
      (this.now() - flight.reportedAtMs) / 1000,
    );
    return { ...position, longitudeDeg, latitudeDeg };
  }

  /** Highlights a plane (or nothing); the highlight follows the plane as it moves. */
  setSelectedPlane(planeId: string | null): void {
    this.selectedPlaneId = planeId;
    this.updateSelection();
  }

  /**
   * Where the planes of a source are drawn right now (after dead reckoning); for the browser
   * journeys and the benchmark, which read it through `window.__contrailLiveMap`.
   */
  aircraftPositions(source: TrafficSource): { id: string; longitudeDeg: number; latitudeDeg: number }[] {
    const snapshot = this.traffic.get(source);
    if (!snapshot) return [];
    return toAircraftCollection(snapshot.aircraft, (this.now() - snapshot.receivedAtMs) / 1000).features.map((feature) => ({
      id: feature.properties.id,
      longitudeDeg: feature.geometry.coordinates[0]!,
      latitudeDeg: feature.geometry.coordinates[1]!,
    }));
  }

  destroy(): void {
    this.isDestroyed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.map.remove();
  }

  private onStyleLoad(): void {
    if (this.isDestroyed) return;
    const { map } = this;
    for (const source of TRAFFIC_SOURCES) {
      const imageId = `aircraft-${source}-icon`;
      if (!map.hasImage(imageId)) map.addImage(imageId, drawAircraftImage(ICON_SIZE_PX, TRAFFIC_COLORS[source]), { pixelRatio: ICON_PIXEL_RATIO });
    }
    map.addSource('night', { type: 'geojson', data: emptyCollection() });
    map.addLayer({ id: 'night', type: 'fill', source: 'night', layout: { visibility: 'none' }, paint: { 'fill-color': '#000814', 'fill-opacity': 0.4 } });

    map.addSource('airports', { type: 'geojson', data: this.airports ?? emptyCollection() });
    map.addLayer({
      id: 'airports-large',
      type: 'circle',
      source: 'airports',
      minzoom: 2,
      filter: ['==', ['get', 'size'], 'large'],
      paint: {
        'circle-color': '#e2e8f0',
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 1.5, 6, 4, 10, 7],
        'circle-stroke-color': '#0f172a',
        'circle-stroke-width': 1,
      },
    });
    map.addLayer({
      id: 'airports-medium',
      type: 'circle',
      source: 'airports',
      minzoom: 5,
      filter: ['==', ['get', 'size'], 'medium'],
      paint: {
        'circle-color': '#94a3b8',
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 1.5, 10, 5],
        'circle-stroke-color': '#0f172a',
        'circle-stroke-width': 1,
      },
    });

    // Airline hubs under the airline's planes; both above the airports they sit on.
    if (!map.hasImage(`${AIRLINE_PLANE_LAYER}-icon`)) {
      map.addImage(`${AIRLINE_PLANE_LAYER}-icon`, drawAircraftImage(ICON_SIZE_PX, AIRLINE_PLANE_COLOR), { pixelRatio: ICON_PIXEL_RATIO });
    }
    map.addSource(AIRLINE_SOURCE, { type: 'geojson', data: this.airlineCollection() });
    map.addLayer({
      id: AIRLINE_HUB_LAYER,
      type: 'circle',
      source: AIRLINE_SOURCE,
      filter: ['==', ['get', 'category'], 'HUB'],
      paint: {
        'circle-color': AIRLINE_HUB_COLOR,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 1, 5, 6, 8, 10, 11],
        'circle-stroke-color': '#f8fafc',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: AIRLINE_PLANE_LAYER,
      type: 'symbol',
      source: AIRLINE_SOURCE,
      filter: ['==', ['get', 'category'], 'PLANE'],
      layout: {
        'icon-image': `${AIRLINE_PLANE_LAYER}-icon`,
        'icon-rotate': ['get', 'heading'],
        'icon-rotation-alignment': 'map',
        'icon-pitch-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
        'icon-size': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 5, 0.75, 9, 1],
      },
    });

    map.addSource('last-position', { type: 'geojson', data: this.lastPositionCollection() });
    map.addLayer({
      id: 'last-position',
      type: 'circle',
      source: 'last-position',
      layout: { visibility: 'none' },
      paint: { 'circle-color': '#22c55e', 'circle-radius': 7, 'circle-stroke-color': '#f8fafc', 'circle-stroke-width': 2 },
    });

    map.addSource(OWN_TRACK_LAYER, { type: 'geojson', data: this.ownTrackCollection() });
    map.addLayer({
      id: OWN_TRACK_LAYER,
      type: 'line',
      source: OWN_TRACK_LAYER,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': OWN_AIRCRAFT_COLOR, 'line-width': 2.5, 'line-opacity': 0.9 },
    });

    map.addSource('selection', { type: 'geojson', data: emptyCollection() });
    this.drawnFeatureCounts.set('selection', 0);
    map.addLayer({
      id: 'selection',
      type: 'circle',
      source: 'selection',
      paint: { 'circle-radius': 14, 'circle-color': 'rgba(250, 204, 21, 0.15)', 'circle-stroke-color': '#facc15', 'circle-stroke-width': 2 },
    });

    // One GeoJSON source and one symbol layer per traffic source: a feed refresh rewrites only
    // its own source, and each network shows or hides with its toggle.
    for (const source of TRAFFIC_SOURCES) {
      map.addSource(trafficSourceId(source), { type: 'geojson', data: emptyCollection() });
      this.drawnFeatureCounts.set(trafficSourceId(source), 0);
      map.addLayer({
        id: aircraftLayerId(source),
        type: 'symbol',
        source: trafficSourceId(source),
        layout: {
          'icon-image': `aircraft-${source}-icon`,
          'icon-rotate': ['get', 'headingDeg'],
          'icon-rotation-alignment': 'map',
          'icon-pitch-alignment': 'map',
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
          'icon-size': ['interpolate', ['linear'], ['zoom'], 1, 0.45, 5, 0.7, 9, 1],
        },
      });
    }
    // The pilot's own aircraft above every traffic source: larger, in its own colour, with a halo.
    if (!map.hasImage(`${OWN_AIRCRAFT_LAYER}-icon`)) {
      map.addImage(`${OWN_AIRCRAFT_LAYER}-icon`, drawAircraftImage(ICON_SIZE_PX, OWN_AIRCRAFT_COLOR), { pixelRatio: ICON_PIXEL_RATIO });
    }
    map.addSource(OWN_AIRCRAFT_LAYER, { type: 'geojson', data: this.ownAircraftCollection() });
    map.addLayer({
      id: `${OWN_AIRCRAFT_LAYER}-halo`,
      type: 'circle',
      source: OWN_AIRCRAFT_LAYER,
      paint: { 'circle-radius': 16, 'circle-color': 'rgba(74, 222, 128, 0.18)', 'circle-stroke-color': OWN_AIRCRAFT_COLOR, 'circle-stroke-width': 1.5 },
    });
    map.addLayer({
      id: OWN_AIRCRAFT_LAYER,
      type: 'symbol',
      source: OWN_AIRCRAFT_LAYER,
      layout: {
        'icon-image': `${OWN_AIRCRAFT_LAYER}-icon`,
        'icon-rotate': ['get', 'headingDeg'],
        'icon-rotation-alignment': 'map',
        'icon-pitch-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
        'icon-size': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 5, 0.9, 9, 1.2],
      },
    });
    this.isStyleReady = true;
    this.applySettings(this.settings);
    this.setOwnFlight(this.ownFlight);
    for (const source of TRAFFIC_SOURCES) this.pushTraffic(source);
  }

  private ensureWeatherLayer(layer: TileWeatherLayer): void {
    const url = weatherTileUrl(this.options.config.weatherTileUrl, layer);
    const id = weatherLayerId(layer);
    if (!url || this.map.getLayer(id)) return;
    this.map.addSource(id, {
      type: 'raster',
      tiles: [url],
      tileSize: 256,
      maxzoom: 9,
      attribution: url.includes('openweathermap') ? 'Weather © OpenWeatherMap' : undefined,
    });
    // Under the night shade, the airports and the planes.
    this.map.addLayer({ id, type: 'raster', source: id, paint: { 'raster-opacity': 0.65 } }, 'night');
  }

  private setVisibility(layerId: string, isVisible: boolean): void {
    if (this.map.getLayer(layerId)) this.map.setLayoutProperty(layerId, 'visibility', isVisible ? 'visible' : 'none');
  }

  /** Replaces a GeoJSON source's data; MapLibre parses it in its worker, a refusal is only logged. */
  private setSourceData(id: string, data: GeoJSON): void {
    this.map
      .getSource<GeoJSONSource>(id)
      ?.setData(data)
      .catch((error: unknown) => console.warn(`live map: the ${id} data was refused`, error));
  }

  private updateNight(): void {
    if (!this.isStyleReady || !this.settings.weatherLayers.light.checked) return;
    this.setSourceData('night', getNightPolygon(new Date(this.now())));
  }

  private airlineCollection(): FeatureCollection {
    return {
      type: 'FeatureCollection',
      features: this.airlineItems.map(({ latitude, longitude, ...properties }) => ({
        type: 'Feature',
        properties,
        geometry: { type: 'Point', coordinates: [longitude, latitude] },
      })),
    };
  }

  private lastPositionCollection(): FeatureCollection {
    const position = this.lastPosition;
    if (!position) return emptyCollection();
    return {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { ident: position.ident }, geometry: { type: 'Point', coordinates: [position.longitudeDeg, position.latitudeDeg] } }],
    };
  }

  private ownAircraftCollection(): FeatureCollection {
    const flight = this.ownFlight;
    const position = this.ownPositionNow();
    this.ownDrawnAt = position ? [position.longitudeDeg, position.latitudeDeg] : null;
    if (!flight || !position) return emptyCollection();
    const { latitudeDeg, longitudeDeg, ...properties } = position;
    return {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { ...properties, flightNumber: flight.flightNumber }, geometry: { type: 'Point', coordinates: [longitudeDeg, latitudeDeg] } }],
    };
  }

  private ownTrackCollection(): FeatureCollection {
    const track = this.ownFlight?.track ?? [];
    const coordinates = track.map(([longitudeDeg, latitudeDeg]) => [longitudeDeg, latitudeDeg]);
    const position = this.ownPositionNow();
    // The line ends at the aircraft even between two stored track points.
    if (position) coordinates.push([position.longitudeDeg, position.latitudeDeg]);
    if (coordinates.length < 2) return emptyCollection();
    return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }] };
  }

  private followOwnAircraft(isFirst = false): void {
    const position = this.ownPositionNow();
    if (!this.isFollowing || !position) return;
    const center: [number, number] = [position.longitudeDeg, position.latitudeDeg];
    // The first jump (or the first position after follow was asked before one was known) zooms in.
    if (isFirst || !this.hasFramedOwnAircraft) this.map.jumpTo({ center, zoom: Math.max(this.map.getZoom(), FOLLOW_MIN_ZOOM) });
    else this.map.jumpTo({ center });
    this.hasFramedOwnAircraft = true;
  }

  private pushTraffic(source: TrafficSource): void {
    if (!this.isStyleReady || !this.settings.networks[source]) return;
    const snapshot = this.traffic.get(source);
    if (!snapshot) return;
    const elapsedS = (this.now() - snapshot.receivedAtMs) / 1000;
    this.setMovingSourceData(trafficSourceId(source), toAircraftCollection(snapshot.aircraft, elapsedS));
  }

  private moveAircraft(): void {
    for (const source of TRAFFIC_SOURCES) this.pushTraffic(source);
    this.updateSelection();
    // A flight read from the server moves on between its reports (the hub's live data needs not).
    // A parked or taxiing aircraft does not move: nothing is redrawn for it.
    const moved = this.ownFlight?.reportedAtMs !== undefined ? this.ownPositionNow() : null;
    if (this.isStyleReady && moved && (moved.longitudeDeg !== this.ownDrawnAt?.[0] || moved.latitudeDeg !== this.ownDrawnAt[1])) {
      this.setSourceData(OWN_AIRCRAFT_LAYER, this.ownAircraftCollection());
      this.setSourceData(OWN_TRACK_LAYER, this.ownTrackCollection());
      this.followOwnAircraft();
    }
  }

  private updateSelection(): void {
    if (!this.isStyleReady) return;
    const planeId = this.selectedPlaneId;
    let collection = emptyCollection();
    if (planeId) {
      for (const [, snapshot] of this.traffic) {
        const plane = snapshot.aircraft.find((aircraft) => aircraft.id === planeId);
        if (!plane || !this.settings.networks[plane.source]) continue;
        collection = toAircraftCollection([plane], (this.now() - snapshot.receivedAtMs) / 1000);
        break;
      }
    }
    this.setMovingSourceData('selection', collection);
  }

  /** Sets a source the move timer refreshes, unless it was empty and stays empty. */
  private setMovingSourceData(id: string, collection: FeatureCollection): void {
    if (collection.features.length === 0 && this.drawnFeatureCounts.get(id) === 0) return;
    this.drawnFeatureCounts.set(id, collection.features.length);
    this.setSourceData(id, collection);
  }

  private clickableLayers(): string[] {
    return CLICKABLE_LAYERS.filter((id) => this.map.getLayer(id) && this.map.getLayoutProperty(id, 'visibility') !== 'none');
  }

  private featuresAt(event: MapMouseEvent): MapGeoJSONFeature[] {
    const layers = this.clickableLayers();
    if (layers.length === 0) return [];
    const { x, y } = event.point;
    const features = this.map.queryRenderedFeatures(
      [
        [x - CLICK_TOLERANCE_PX, y - CLICK_TOLERANCE_PX],
        [x + CLICK_TOLERANCE_PX, y + CLICK_TOLERANCE_PX],
      ],
      { layers },
    );
    const rank = (feature: MapGeoJSONFeature) => CLICKABLE_LAYERS.indexOf(feature.layer.id);
    return [...features].sort((a, b) => rank(a) - rank(b));
  }

  private onClick(event: MapMouseEvent): void {
    const [picked] = this.featuresAt(event);
    if (!picked) return;
    const properties = picked.properties as Record<string, unknown>;
    if (picked.layer.id.startsWith('aircraft-')) {
      const planeId = String(properties.id);
      this.setSelectedPlane(planeId);
      this.options.onSelect({ kind: 'plane', planeId, aircraft: toAircraftProperties(properties) });
    } else if (picked.layer.id === AIRLINE_PLANE_LAYER) {
      this.setSelectedPlane(null);
      this.options.onSelect({ kind: 'airlinePlane', planeId: String(properties.id), airlineId: String(properties.airlineId), registration: stringOrNull(properties.tailRegistration) ?? '' });
    } else if (picked.layer.id === AIRLINE_HUB_LAYER) {
      this.setSelectedPlane(null);
      this.options.onSelect({ kind: 'hub', hubId: String(properties.id), airportId: stringOrNull(properties.airportIdent) ?? '', airlineId: String(properties.airlineId) });
    } else {
      this.setSelectedPlane(null);
      this.options.onSelect({ kind: 'airport', airportId: String(properties.ident) });
    }
  }

  private onHover(event: MapMouseEvent): void {
    this.map.getCanvas().style.cursor = this.featuresAt(event).length > 0 ? 'pointer' : '';
  }
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Rendered features lose null properties on their way through the tiler: read them back defensively. */
export const toAircraftProperties = (properties: Record<string, unknown>): AircraftFeatureProperties => ({
  id: String(properties.id),
  source: (['contrail', 'vatsim', 'ivao'] as const).find((source) => source === properties.source) ?? 'contrail',
  headingDeg: numberOrNull(properties.headingDeg) ?? 0,
  altitudeFt: numberOrNull(properties.altitudeFt),
  groundSpeedKts: numberOrNull(properties.groundSpeedKts),
  flightNumber: typeof properties.flightNumber === 'string' ? properties.flightNumber : '',
  departure: stringOrNull(properties.departure),
  arrival: stringOrNull(properties.arrival),
  aircraftIcao: stringOrNull(properties.aircraftIcao),
  ...(typeof properties.pilotName === 'string' ? { pilotName: properties.pilotName } : {}),
  ...(typeof properties.flightStep === 'string' ? { flightStep: properties.flightStep } : {}),
  ...(typeof properties.registration === 'string' ? { registration: properties.registration } : {}),
});
