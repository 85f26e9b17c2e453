import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultMapSettings, MapMode, setMapMode, toggleMapNetwork, toggleWeatherLayer, type TMapSettings } from '@contrail/domain/map/map-settings';
import type { Map as MapLibreMap, MapOptions } from 'maplibre-gl';
import { LiveMapController } from './map-controller';
import type { MapAircraft } from './moving-aircraft';

/** A stand-in for maplibre-gl's Map (jsdom has no WebGL): it records what the controller asks for. */
class FakeMap {
  static last: FakeMap;
  readonly options: Record<string, unknown>;
  readonly sources = new Map<string, { spec: Record<string, unknown>; data: unknown; setData: (data: unknown) => Promise<void> }>();
  readonly layers = new Map<string, { spec: Record<string, unknown>; before?: string; visibility: string }>();
  readonly images = new Map<string, unknown>();
  readonly handlers = new Map<string, ((event: unknown) => void)[]>();
  projection: unknown;
  renderedFeatures: unknown[] = [];
  canvas = { style: { cursor: '' } };
  isRemoved = false;
  constructor(options: Record<string, unknown>) {
    this.options = options;
    FakeMap.last = this;
  }
  addControl() {}
  on(type: string, handler: (event: unknown) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  once(type: string, handler: (event: unknown) => void) {
    this.on(type, handler);
  }
  emit(type: string, event: unknown = {}) {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
  hasImage(id: string) {
    return this.images.has(id);
  }
  addImage(id: string, image: unknown) {
    this.images.set(id, image);
  }
  addSource(id: string, spec: Record<string, unknown>) {
    const source = {
      spec,
      data: spec.data,
      setData: (data: unknown) => {
        source.data = data;
        return Promise.resolve();
      },
    };
    this.sources.set(id, source);
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  addLayer(spec: Record<string, unknown>, before?: string) {
    const layout = (spec.layout ?? {}) as { visibility?: string };
    this.layers.set(spec.id as string, { spec, before, visibility: layout.visibility ?? 'visible' });
  }
  getLayer(id: string) {
    return this.layers.get(id);
  }
  setLayoutProperty(id: string, name: string, value: string) {
    if (name === 'visibility') this.layers.get(id)!.visibility = value;
  }
  getLayoutProperty(id: string, name: string) {
    return name === 'visibility' ? this.layers.get(id)?.visibility : undefined;
  }
  setProjection(projection: unknown) {
    this.projection = projection;
  }
  queryRenderedFeatures(_box: unknown, options: { layers: string[] }) {
    return (this.renderedFeatures as { layer: { id: string } }[]).filter((feature) => options.layers.includes(feature.layer.id));
  }
  getCanvas() {
    return this.canvas;
  }
  remove() {
    this.isRemoved = true;
  }
  center: [number, number] = [10, 35];
  zoom = 1.6;
  getZoom() {
    return this.zoom;
  }
  bounds: unknown = null;
  fitBounds(bounds: unknown) {
    this.bounds = bounds;
  }
  jumpTo(options: { center: [number, number]; zoom?: number }) {
    this.center = options.center;
    if (options.zoom !== undefined) this.zoom = options.zoom;
  }
}

const createFakeMap = (options: MapOptions) => new FakeMap(options) as unknown as MapLibreMap;

const plane = (overrides: Partial<MapAircraft> = {}): MapAircraft => ({
  id: 'vatsim:1',
  source: 'vatsim',
  latitudeDeg: 0,
  longitudeDeg: 0,
  headingDeg: 90,
  altitudeFt: 35_000,
  groundSpeedKts: 480,
  flightNumber: 'AFR123',
  departure: 'LFPG',
  arrival: 'KJFK',
  aircraftIcao: 'A359',
  ...overrides,
});

type Collection = { features: { properties: Record<string, unknown>; geometry: { coordinates: [number, number] } }[] };

describe('LiveMapController (on a stand-in map)', () => {
  let nowMs: number;
  const onSelect = vi.fn();
  const create = (settings: TMapSettings = defaultMapSettings(), weatherTileUrl: string | null = null) => {
    const controller = new LiveMapController({
      container: document.createElement('div'),
      config: { styleUrl: null, weatherTileUrl },
      settings,
      onSelect,
      loadBasemap: () => new Promise(() => undefined),
      now: () => nowMs,
      moveIntervalMs: 1000,
      createMap: createFakeMap,
    });
    FakeMap.last.emit('style.load');
    return { controller, map: FakeMap.last };
  };

  beforeEach(() => {
    vi.useFakeTimers();
    nowMs = Date.UTC(2026, 5, 21, 12);
    onSelect.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('starts as a globe with one symbol layer per network, rotated by heading and aligned to the map', () => {
    const { map } = create();
    expect(map.projection).toEqual({ type: 'globe' });
    for (const source of ['vatsim', 'ivao', 'contrail']) {
      const layer = map.layers.get(`aircraft-${source}`)!;
      expect(layer.spec).toMatchObject({ type: 'symbol', source: `traffic-${source}` });
      expect(layer.spec.layout).toMatchObject({ 'icon-rotate': ['get', 'headingDeg'], 'icon-rotation-alignment': 'map', 'icon-image': `aircraft-${source}-icon` });
      expect(layer.visibility).toBe('visible');
      expect(map.images.has(`aircraft-${source}-icon`)).toBe(true);
    }
    // Contrail's own traffic is drawn last (on top).
    const order = [...map.layers.keys()];
    expect(order.indexOf('aircraft-contrail')).toBeGreaterThan(order.indexOf('aircraft-vatsim'));
    expect(map.layers.get('night')!.visibility).toBe('none');
  });

  it('follows the settings: 2D, network toggles, last position and day-night', () => {
    const { controller, map } = create();
    let settings = setMapMode(defaultMapSettings(), MapMode.Mode2D);
    settings = toggleMapNetwork(toggleMapNetwork(settings, 'ivao'), 'lastPosition');
    settings = toggleWeatherLayer(settings, 'light').settings;
    controller.applySettings(settings);
    expect(map.projection).toEqual({ type: 'mercator' });
    expect(map.layers.get('aircraft-ivao')!.visibility).toBe('none');
    expect(map.layers.get('aircraft-vatsim')!.visibility).toBe('visible');
    expect(map.layers.get('last-position')!.visibility).toBe('visible');
    expect(map.layers.get('night')!.visibility).toBe('visible');
    const night = map.sources.get('night')!.data as { geometry: { type: string } };
    expect(night.geometry.type).toBe('Polygon');
  });

  it('adds a weather tile layer only when a provider is configured, under the night shade', () => {
    const withCloud = toggleWeatherLayer(defaultMapSettings(), 'cloud').settings;
    const unconfigured = create(withCloud);
    expect(unconfigured.map.layers.has('weather-cloud')).toBe(false);

    const { map } = create(withCloud, 'https://tiles.example/{layer}/{z}/{x}/{y}.png?appid=KEY');
    expect(map.sources.get('weather-cloud')!.spec).toMatchObject({ type: 'raster', tiles: ['https://tiles.example/clouds_new/{z}/{x}/{y}.png?appid=KEY'] });
    expect(map.layers.get('weather-cloud')!.before).toBe('night');
  });

  it('draws a snapshot at once, then moves each plane along its heading at its ground speed', () => {
    const { controller, map } = create();
    controller.setTraffic('vatsim', [plane(), plane({ id: 'vatsim:2', groundSpeedKts: 0 })], nowMs);
    const first = map.sources.get('traffic-vatsim')!.data as Collection;
    expect(first.features.map((feature) => feature.geometry.coordinates)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(first.features[0]!.properties).toMatchObject({ id: 'vatsim:1', flightNumber: 'AFR123', headingDeg: 90 });

    nowMs += 60_000;
    vi.advanceTimersByTime(1000);
    const moved = map.sources.get('traffic-vatsim')!.data as Collection;
    // 480 kts for a minute due east at the equator: 8 NM = 8/60 degree of longitude.
    expect(moved.features[0]!.geometry.coordinates[0]).toBeCloseTo(8 / 60, 6);
    expect(moved.features[0]!.geometry.coordinates[1]).toBeCloseTo(0, 9);
    expect(moved.features[1]!.geometry.coordinates).toEqual([0, 0]);
  });

  it('leaves an idle map alone: nothing moving, no source set again', () => {
    const { controller, map } = create();
    const setData = vi.fn(() => Promise.resolve());
    for (const id of ['selection', 'traffic-vatsim', 'traffic-ivao', 'traffic-contrail']) map.sources.get(id)!.setData = setData;
    controller.setTraffic('vatsim', [], nowMs);
    vi.advanceTimersByTime(5000);
    expect(setData).not.toHaveBeenCalled();

    // One plane: it moves every second; once it is gone, its source is emptied once.
    controller.setTraffic('vatsim', [plane()], nowMs);
    vi.advanceTimersByTime(3000);
    expect(setData).toHaveBeenCalledTimes(4);
    controller.setTraffic('vatsim', [], nowMs);
    vi.advanceTimersByTime(3000);
    expect(setData).toHaveBeenCalledTimes(5);
    expect(setData).toHaveBeenLastCalledWith({ type: 'FeatureCollection', features: [] });
  });

  it('does not feed a hidden network layer', () => {
    const { controller, map } = create(toggleMapNetwork(defaultMapSettings(), 'ivao'));
    controller.setTraffic('ivao', [plane({ id: 'ivao:1', source: 'ivao' })], nowMs);
    expect((map.sources.get('traffic-ivao')!.data as Collection).features).toEqual([]);
  });

  it('opens the side panel for a clicked plane (over an airport) and highlights it', () => {
    const { controller, map } = create();
    controller.setTraffic('vatsim', [plane()], nowMs);
    map.renderedFeatures = [
      { layer: { id: 'airports-large' }, properties: { ident: 'LFPG' } },
      { layer: { id: 'aircraft-vatsim' }, properties: { id: 'vatsim:1', source: 'vatsim', flightNumber: 'AFR123', headingDeg: 90, altitudeFt: 35000 } },
    ];
    map.emit('click', { point: { x: 10, y: 10 } });
    expect(onSelect).toHaveBeenCalledWith({
      kind: 'plane',
      planeId: 'vatsim:1',
      aircraft: expect.objectContaining({ flightNumber: 'AFR123', altitudeFt: 35000, departure: null, groundSpeedKts: null }),
    });
    expect((map.sources.get('selection')!.data as Collection).features).toHaveLength(1);

    map.renderedFeatures = [{ layer: { id: 'airports-large' }, properties: { ident: 'LFPG' } }];
    map.emit('click', { point: { x: 10, y: 10 } });
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'airport', airportId: 'LFPG' });
    expect((map.sources.get('selection')!.data as Collection).features).toHaveLength(0);

    map.renderedFeatures = [];
    map.emit('click', { point: { x: 10, y: 10 } });
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it("draws an airline's hubs and planes in their own colours, and opens the side panel for each", () => {
    const { controller, map } = create();
    controller.setAirlineItems([
      { id: 'hub-1', airlineId: 'air-1', category: 'HUB', latitude: 51.47, longitude: -0.46, heading: 0, airportIdent: 'EGLL' },
      { id: 'plane-1', airlineId: 'air-1', category: 'PLANE', latitude: 50.1, longitude: 1.2, heading: 140, tailRegistration: 'G-CTRA', state: 'FLYING' },
    ]);
    const drawn = map.sources.get('airline-items')!.data as Collection;
    expect(drawn.features.map((feature) => feature.geometry.coordinates)).toEqual([
      [-0.46, 51.47],
      [1.2, 50.1],
    ]);
    expect(drawn.features[1]!.properties).toMatchObject({ category: 'PLANE', heading: 140, tailRegistration: 'G-CTRA', airlineId: 'air-1' });
    expect(map.layers.get('airline-hubs')!.spec.filter).toEqual(['==', ['get', 'category'], 'HUB']);
    expect(map.layers.get('airline-planes')!.spec.layout).toMatchObject({ 'icon-rotate': ['get', 'heading'] });
    expect(controller.airlineItemsShown().map((item) => [item.id, item.state])).toEqual([
      ['hub-1', null],
      ['plane-1', 'FLYING'],
    ]);

    // A plane of the airline over its hub wins the click; then the hub alone.
    map.renderedFeatures = [
      { layer: { id: 'airline-hubs' }, properties: { id: 'hub-1', airlineId: 'air-1', airportIdent: 'EGLL' } },
      { layer: { id: 'airline-planes' }, properties: { id: 'plane-1', airlineId: 'air-1', tailRegistration: 'G-CTRA' } },
    ];
    map.emit('click', { point: { x: 10, y: 10 } });
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'airlinePlane', planeId: 'plane-1', airlineId: 'air-1', registration: 'G-CTRA' });
    map.renderedFeatures = [{ layer: { id: 'airline-hubs' }, properties: { id: 'hub-1', airlineId: 'air-1', airportIdent: 'EGLL' } }];
    map.emit('click', { point: { x: 10, y: 10 } });
    expect(onSelect).toHaveBeenLastCalledWith({ kind: 'hub', hubId: 'hub-1', airportId: 'EGLL', airlineId: 'air-1' });

    // A manager's map frames the airline: its hub and its plane.
    controller.focusOnAirlineItems();
    expect(map.bounds).toEqual([
      [-0.46, 50.1],
      [1.2, 51.47],
    ]);
    controller.setAirlineItems([{ id: 'hub-1', airlineId: 'air-1', category: 'HUB', latitude: 51.47, longitude: -0.46, heading: 0 }]);
    controller.focusOnAirlineItems();
    expect(map.center).toEqual([-0.46, 51.47]);
    expect(map.zoom).toBe(5);

    controller.setAirlineItems([]);
    expect((map.sources.get('airline-items')!.data as Collection).features).toHaveLength(0);
  });

  it('stops its timers and removes the map when destroyed', () => {
    const { controller, map } = create();
    controller.setTraffic('vatsim', [plane()], nowMs);
    controller.destroy();
    const before = map.sources.get('traffic-vatsim')!.data;
    nowMs += 10_000;
    vi.advanceTimersByTime(5000);
    expect(map.sources.get('traffic-vatsim')!.data).toBe(before);
    expect(map.isRemoved).toBe(true);
  });

  describe("the pilot's own flight", () => {
    const own = (longitudeDeg: number, track: [number, number][]) => ({
      flightId: 'f42',
      flightNumber: 'CTR42',
      position: { latitudeDeg: 48, longitudeDeg, headingDeg: 90, altitudeFt: 12_000, groundSpeedKts: 300 },
      track,
    });

    it('draws the own aircraft in its own colour above all traffic, with the flown track ending at the aircraft', () => {
      const { controller, map } = create();
      controller.setOwnFlight(own(2.5, [[2.0, 48], [2.2, 48]]));
      const aircraft = map.sources.get('own-aircraft')!.data as Collection;
      expect(aircraft.features).toHaveLength(1);
      expect(aircraft.features[0]!.geometry.coordinates).toEqual([2.5, 48]);
      expect(aircraft.features[0]!.properties).toMatchObject({ headingDeg: 90, flightNumber: 'CTR42' });
      const track = map.sources.get('own-track')!.data as { features: { geometry: { coordinates: number[][] } }[] };
      expect(track.features[0]!.geometry.coordinates).toEqual([[2.0, 48], [2.2, 48], [2.5, 48]]);
      const order = [...map.layers.keys()];
      expect(order.indexOf('own-aircraft')).toBeGreaterThan(order.indexOf('aircraft-contrail'));
      expect(map.images.has('own-aircraft-icon')).toBe(true);
      expect(controller.ownAircraftPosition()).toEqual({ longitudeDeg: 2.5, latitudeDeg: 48, trackPoints: 2 });
    });

    it('keeps a flight given before the style loaded and clears it when the flight ends', () => {
      const controller = new LiveMapController({
        container: document.createElement('div'),
        config: { styleUrl: null, weatherTileUrl: null },
        settings: defaultMapSettings(),
        onSelect,
        loadBasemap: () => new Promise(() => undefined),
        now: () => nowMs,
        createMap: createFakeMap,
      });
      controller.setOwnFlight(own(3, []));
      FakeMap.last.emit('style.load');
      expect((FakeMap.last.sources.get('own-aircraft')!.data as Collection).features).toHaveLength(1);
      controller.setOwnFlight(null);
      expect((FakeMap.last.sources.get('own-aircraft')!.data as Collection).features).toHaveLength(0);
      expect((FakeMap.last.sources.get('own-track')!.data as Collection).features).toHaveLength(0);
    });

    it('follow mode centres on the aircraft as it moves, and a drag ends it', () => {
      const onFollowEnded = vi.fn();
      const controller = new LiveMapController({
        container: document.createElement('div'),
        config: { styleUrl: null, weatherTileUrl: null },
        settings: defaultMapSettings(),
        onSelect,
        loadBasemap: () => new Promise(() => undefined),
        now: () => nowMs,
        onFollowEnded,
        createMap: createFakeMap,
      });
      const map = FakeMap.last;
      map.emit('style.load');
      controller.setOwnFlight(own(2, []));
      expect(map.center).toEqual([10, 35]);
      controller.setFollowing(true);
      expect(map.center).toEqual([2, 48]);
      expect(map.zoom).toBeGreaterThanOrEqual(6);
      controller.setOwnFlight(own(2.4, [[2, 48]]));
      expect(map.center).toEqual([2.4, 48]);
      map.emit('dragstart');
      expect(onFollowEnded).toHaveBeenCalledOnce();
      controller.setOwnFlight(own(2.8, [[2, 48]]));
      expect(map.center).toEqual([2.4, 48]);
    });

    it('panning away with the arrow keys ends follow mode; other moves do not', () => {
      const onFollowEnded = vi.fn();
      const controller = new LiveMapController({
        container: document.createElement('div'),
        config: { styleUrl: null, weatherTileUrl: null },
        settings: defaultMapSettings(),
        onSelect,
        loadBasemap: () => new Promise(() => undefined),
        now: () => nowMs,
        onFollowEnded,
        createMap: createFakeMap,
      });
      const map = FakeMap.last;
      map.emit('style.load');
      controller.setOwnFlight(own(2, []));
      controller.setFollowing(true);
      map.emit('movestart', {});
      map.emit('movestart', { originalEvent: new KeyboardEvent('keydown', { key: '+' }) });
      expect(controller.isFollowingOwnAircraft()).toBe(true);
      map.emit('movestart', { originalEvent: new KeyboardEvent('keydown', { key: 'ArrowLeft' }) });
      expect(onFollowEnded).toHaveBeenCalledOnce();
      expect(controller.isFollowingOwnAircraft()).toBe(false);
    });

    it('the widget\'s request takes the map back to the aircraft at a readable zoom, even while following', () => {
      const { controller, map } = create();
      controller.setOwnFlight(own(2, []));
      controller.setFollowing(true);
      map.center = [40, 10];
      map.zoom = 3;
      controller.focusOwnAircraft();
      expect(map.center).toEqual([2, 48]);
      expect(map.zoom).toBeGreaterThanOrEqual(6);
      expect(controller.isFollowingOwnAircraft()).toBe(true);
    });

    it('moves a flight read from the server on along its heading between two reports, and keeps following it', () => {
      const { controller, map } = create();
      controller.setOwnFlight({ ...own(2, [[1.9, 48]]), position: { latitudeDeg: 48, longitudeDeg: 2, headingDeg: 90, altitudeFt: 30_000, groundSpeedKts: 360 }, reportedAtMs: nowMs });
      controller.setFollowing(true);
      expect(map.center).toEqual([2, 48]);
      nowMs += 10_000;
      vi.advanceTimersByTime(1000);
      // 360 kts for 10 s: 1 NM east, 1/60 degree over cos(48°).
      const expectedLongitude = 2 + 1 / (60 * Math.cos((48 * Math.PI) / 180));
      const drawn = (map.sources.get('own-aircraft')!.data as Collection).features[0]!.geometry.coordinates;
      expect(drawn[0]).toBeCloseTo(expectedLongitude, 5);
      expect(drawn[1]).toBeCloseTo(48, 5);
      expect(map.center[0]).toBeCloseTo(expectedLongitude, 5);
      expect(controller.ownAircraftPosition()?.longitudeDeg).toBeCloseTo(expectedLongitude, 5);
      // Parked (under 30 kts): not moved, and not drawn again every second.
      controller.setOwnFlight({ ...own(3, []), position: { latitudeDeg: 48, longitudeDeg: 3, headingDeg: 90, altitudeFt: 300, groundSpeedKts: 5 }, reportedAtMs: nowMs });
      const parked = map.sources.get('own-aircraft')!.data;
      nowMs += 10_000;
      vi.advanceTimersByTime(1000);
      expect(map.sources.get('own-aircraft')!.data).toBe(parked);
      // The hub's live data (no report time) is drawn where it is reported.
      controller.setOwnFlight(own(2.5, []));
      nowMs += 10_000;
      vi.advanceTimersByTime(1000);
      expect((map.sources.get('own-aircraft')!.data as Collection).features[0]!.geometry.coordinates).toEqual([2.5, 48]);
    });

    it('follow asked before the first position zooms onto the aircraft when it comes', () => {
      const { controller, map } = create();
      controller.setFollowing(true);
      controller.setOwnFlight({ ...own(2, []), position: null });
      expect(map.center).toEqual([10, 35]);
      controller.setOwnFlight(own(2.2, []));
      expect(map.center).toEqual([2.2, 48]);
      expect(map.zoom).toBeGreaterThanOrEqual(6);
    });
  });
});
