import type { TOnlineNetworkFlight } from '../network/online-network-flight';
import type { GeoJsonPosition } from './day-night-terminator';

/** Properties of one online-network plane on the map; `heading` rotates its icon (degrees true). */
export type OnlineFlightFeatureProperties = Omit<TOnlineNetworkFlight, 'lat' | 'long'>;

export type OnlineFlightsFeatureCollection = {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: string;
    properties: OnlineFlightFeatureProperties;
    geometry: { type: 'Point'; coordinates: GeoJsonPosition };
  }[];
};

/**
 * Online-network flights as a GeoJSON source for the map (one Point per flight, [long, lat] as
 * GeoJSON orders them). Flights that appear twice (same id) are kept once, the last one winning.
 */
export const toOnlineFlightsGeoJson = (flights: readonly TOnlineNetworkFlight[]): OnlineFlightsFeatureCollection => {
  const byId = new Map<string, TOnlineNetworkFlight>();
  for (const flight of flights) byId.set(flight.id, flight);
  return {
    type: 'FeatureCollection',
    features: [...byId.values()].map(({ lat, long, ...properties }) => ({
      type: 'Feature',
      id: properties.id,
      properties,
      geometry: { type: 'Point', coordinates: [long, lat] },
    })),
  };
};
