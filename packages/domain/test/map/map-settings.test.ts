import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAP_SETTINGS_STORAGE_KEY,
  MapMode,
  WeatherLayer,
  ZMapSettings,
  canCheckWeatherLayer,
  defaultMapSettings,
  getCheckedWeatherLayers,
  parseStoredMapSettings,
  serializeMapSettings,
  setMapMode,
  toggleMapNetwork,
  toggleWeatherLayer,
  type TMapSettings,
} from '../../src/map/map-settings';

const withLayers = (...layers: (typeof WeatherLayer)[number][]): TMapSettings => {
  let settings = defaultMapSettings();
  for (const layer of layers) settings = toggleWeatherLayer(settings, layer).settings;
  return settings;
};

describe('default map settings', () => {
  it('are globe 3D, map 0, Contrail, IVAO and VATSIM on, nothing else', () => {
    const settings = defaultMapSettings();
    expect(settings.mode).toBe(MapMode.Globe3D);
    expect(settings.mode).toBe(0);
    expect(settings.map).toBe(0);
    expect(settings.networks).toEqual({ ivao: true, contrail: true, vatsim: true, lastPosition: false });
    expect(getCheckedWeatherLayers(settings)).toEqual([]);
    expect(Object.keys(settings.weatherLayers)).toEqual(['cloud', 'precipitation', 'temperature', 'wind', 'pressure', 'light']);
    expect(ZMapSettings.parse(settings)).toEqual(settings);
  });

  it('are stored under contrail.mapSettings', () => {
    expect(MAP_SETTINGS_STORAGE_KEY).toBe('contrail.mapSettings');
  });

  it('are a fresh object each time', () => {
    const a = defaultMapSettings();
    a.networks.vatsim = false;
    expect(defaultMapSettings().networks.vatsim).toBe(true);
  });
});

describe('toggleWeatherLayer', () => {
  it('checks and unchecks a layer without mutating its input', () => {
    const before = defaultMapSettings();
    const on = toggleWeatherLayer(before, 'wind');
    expect(on.outcome).toBe('checked');
    expect(on.settings.weatherLayers.wind.checked).toBe(true);
    expect(before.weatherLayers.wind.checked).toBe(false);
    const off = toggleWeatherLayer(on.settings, 'wind');
    expect(off.outcome).toBe('unchecked');
    expect(getCheckedWeatherLayers(off.settings)).toEqual([]);
  });

  it('refuses a third layer and leaves the settings unchanged', () => {
    const two = withLayers('light', 'cloud');
    expect(getCheckedWeatherLayers(two)).toEqual(['cloud', 'light']);
    expect(canCheckWeatherLayer(two, 'wind')).toBe(false);
    expect(canCheckWeatherLayer(two, 'cloud')).toBe(true);
    const third = toggleWeatherLayer(two, 'wind');
    expect(third).toEqual({ outcome: 'refused', reason: 'MAX_WEATHER_LAYERS', settings: two });
    expect(third.settings).toBe(two);
    // Unchecking one frees a slot.
    const freed = toggleWeatherLayer(two, 'cloud').settings;
    expect(toggleWeatherLayer(freed, 'wind').outcome).toBe('checked');
  });

  it('never lets more than two layers be checked, whatever the sequence of clicks', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WeatherLayer), { maxLength: 40 }), (clicks) => {
        let settings = defaultMapSettings();
        for (const layer of clicks) {
          const result = toggleWeatherLayer(settings, layer);
          if (result.outcome === 'refused') expect(result.settings).toBe(settings);
          else expect(result.settings.weatherLayers[layer].checked).toBe(result.outcome === 'checked');
          settings = result.settings;
          expect(getCheckedWeatherLayers(settings).length).toBeLessThanOrEqual(2);
          expect(ZMapSettings.safeParse(settings).success).toBe(true);
        }
      }),
    );
  });

  it('the schema itself refuses three checked layers', () => {
    const three = withLayers('cloud', 'wind');
    three.weatherLayers.pressure = { checked: true };
    expect(ZMapSettings.safeParse(three).success).toBe(false);
    expect(() => serializeMapSettings(three)).toThrow(/At most 2 weather layers/);
  });
});

describe('network toggles and mode', () => {
  it('switches one toggle at a time', () => {
    const settings = toggleMapNetwork(defaultMapSettings(), 'vatsim');
    expect(settings.networks).toEqual({ ivao: true, contrail: true, vatsim: false, lastPosition: false });
    expect(toggleMapNetwork(settings, 'lastPosition').networks.lastPosition).toBe(true);
    expect(setMapMode(settings, MapMode.Mode2D).mode).toBe(1);
  });
});

describe('parseStoredMapSettings', () => {
  it('reads back what serializeMapSettings wrote', () => {
    const settings = setMapMode(toggleMapNetwork(withLayers('pressure', 'light'), 'ivao'), MapMode.Mode2D);
    expect(parseStoredMapSettings(serializeMapSettings({ ...settings, map: 3 }))).toEqual({ ...settings, map: 3 });
  });

  it.each([null, undefined, '', 'not json', '{', '42', '"text"', 'null', '[]', 'true'])('gives the defaults for %j', (stored) => {
    expect(parseStoredMapSettings(stored)).toEqual(defaultMapSettings());
  });

  it('keeps the valid parts of a partly bad object and defaults the rest', () => {
    const stored = JSON.stringify({
      mode: 7,
      map: 2,
      weatherLayers: { cloud: { checked: true }, wind: { checked: 'yes' }, fog: { checked: true } },
      networks: { ivao: false, vatsim: 'no', unknown: true },
    });
    expect(parseStoredMapSettings(stored)).toEqual({
      ...defaultMapSettings(),
      mode: 0,
      map: 2,
      weatherLayers: { ...defaultMapSettings().weatherLayers, cloud: { checked: true } },
      networks: { ivao: false, contrail: true, vatsim: true, lastPosition: false },
    });
    expect(parseStoredMapSettings(JSON.stringify({ map: -1 })).map).toBe(0);
    expect(parseStoredMapSettings(JSON.stringify({ map: 1.5 })).map).toBe(0);
    expect(parseStoredMapSettings(JSON.stringify({ mode: 1 })).mode).toBe(1);
  });

  it('keeps only the first two of more than two checked layers', () => {
    const all = Object.fromEntries(WeatherLayer.map((layer) => [layer, { checked: true }]));
    const settings = parseStoredMapSettings(JSON.stringify({ weatherLayers: all }));
    expect(getCheckedWeatherLayers(settings)).toEqual(['cloud', 'precipitation']);
  });

  it('always returns valid settings, whatever is stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ weatherLayers: v, networks: v, mode: v }))), (stored) => {
        expect(ZMapSettings.safeParse(parseStoredMapSettings(stored)).success).toBe(true);
      }),
    );
  });
});
