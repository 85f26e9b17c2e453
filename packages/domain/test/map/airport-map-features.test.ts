import { describe, expect, it } from 'vitest';
import { airportMapSizeOf, toAirportMapCollection, ZAirportMapCollection } from '../../src/map/airport-map-features';

describe('toAirportMapCollection', () => {
  const rows = [
    { ident: 'LFPB', name: 'Le Bourget', type: 'medium_airport', latitudeDeg: 48.969398, longitudeDeg: 2.44139 },
    { ident: 'LF0001', name: 'Heliport', type: 'heliport', latitudeDeg: 48, longitudeDeg: 2 },
    { ident: 'LFPG', name: 'Charles de Gaulle', type: 'large_airport', latitudeDeg: 49.012798, longitudeDeg: 2.55 },
    { ident: 'XSMALL', name: 'Strip', type: 'small_airport', latitudeDeg: 1, longitudeDeg: 1 },
  ];

  it('keeps large and medium airports, large first, with rounded [long, lat] points', () => {
    const collection = toAirportMapCollection(rows);
    expect(ZAirportMapCollection.parse(collection)).toEqual(collection);
    expect(collection.features.map((f) => [f.id, f.properties.size])).toEqual([
      ['LFPG', 'large'],
      ['LFPB', 'medium'],
    ]);
    expect(collection.features[1]!.geometry.coordinates).toEqual([2.4414, 48.9694]);
  });

  it('maps only the two sizes', () => {
    expect(airportMapSizeOf('large_airport')).toBe('large');
    expect(airportMapSizeOf('medium_airport')).toBe('medium');
    expect(airportMapSizeOf('closed')).toBeNull();
  });
});
