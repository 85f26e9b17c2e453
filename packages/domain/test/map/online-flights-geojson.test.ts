import { describe, expect, it } from 'vitest';
import type { TOnlineNetworkFlight } from '../../src/network/online-network-flight';
import { toOnlineFlightsGeoJson } from '../../src/map/online-flights-geojson';

const flight = (overrides: Partial<TOnlineNetworkFlight> = {}): TOnlineNetworkFlight => ({
  id: 'vatsim:1',
  network: 'vatsim',
  lat: 48.5,
  long: -11.1,
  flightNumber: 'KLM702',
  departure: 'SAEZ',
  arrival: 'EHAM',
  heading: 44,
  altitudeFt: 36000,
  groundSpeedKts: 480,
  aircraftIcao: 'B77W',
  ...overrides,
});

describe('toOnlineFlightsGeoJson', () => {
  it('makes one Point per flight in [long, lat] order with the flight as properties', () => {
    const collection = toOnlineFlightsGeoJson([flight(), flight({ id: 'ivao:9', network: 'ivao', lat: -33.9, long: 151.2 })]);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(2);
    expect(collection.features[0]).toEqual({
      type: 'Feature',
      id: 'vatsim:1',
      properties: {
        id: 'vatsim:1',
        network: 'vatsim',
        flightNumber: 'KLM702',
        departure: 'SAEZ',
        arrival: 'EHAM',
        heading: 44,
        altitudeFt: 36000,
        groundSpeedKts: 480,
        aircraftIcao: 'B77W',
      },
      geometry: { type: 'Point', coordinates: [-11.1, 48.5] },
    });
    expect(collection.features[1]!.geometry.coordinates).toEqual([151.2, -33.9]);
  });

  it('keeps a repeated id once, the last one winning', () => {
    const collection = toOnlineFlightsGeoJson([flight(), flight({ heading: 90 })]);
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0]!.properties.heading).toBe(90);
  });
});
