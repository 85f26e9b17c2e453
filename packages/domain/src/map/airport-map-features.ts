import { z } from 'zod';

/**
 * The airports the live map draws (the map shows airports; the issue: "airports
 * shown by size as you zoom"): large and medium airports only, as one GeoJSON point collection the
 * server builds once per airport data set (GET /api/airport/v1/airports/map). Small airports,
 * heliports and the like are left to the airport search: tens of thousands of points would cost
 * every viewer megabytes for dots nobody sees below city zoom.
 */
export const AirportMapSize = ['large', 'medium'] as const;
export const ZAirportMapSize = z.enum(AirportMapSize);
export type TAirportMapSize = z.infer<typeof ZAirportMapSize>;

/** OurAirports type -> map size; other types are not on the map. */
export const airportMapSizeOf = (type: string): TAirportMapSize | null =>
  type === 'large_airport' ? 'large' : type === 'medium_airport' ? 'medium' : null;

export const ZAirportMapFeature = z.object({
  type: z.literal('Feature'),
  /** The airport ident, so a click can open the side panel for it. */
  id: z.string(),
  properties: z.object({ ident: z.string(), name: z.string(), size: ZAirportMapSize }),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]) }),
});
export type TAirportMapFeature = z.infer<typeof ZAirportMapFeature>;

/** GET /api/airport/v1/airports/map: large airports first, so they win label and overlap placement. */
export const ZAirportMapCollection = z.object({ type: z.literal('FeatureCollection'), features: z.array(ZAirportMapFeature) });
export type TAirportMapCollection = z.infer<typeof ZAirportMapCollection>;

/** Coordinates rounded to 4 decimals (about 11 m): plenty for a dot, a third smaller payload. */
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** Builds the collection from airport rows; keeps large and medium airports, large first. */
export const toAirportMapCollection = (
  airports: readonly { ident: string; name: string; type: string; latitudeDeg: number; longitudeDeg: number }[],
): TAirportMapCollection => {
  const features: TAirportMapFeature[] = [];
  for (const size of AirportMapSize) {
    for (const airport of airports) {
      if (airportMapSizeOf(airport.type) !== size) continue;
      features.push({
        type: 'Feature',
        id: airport.ident,
        properties: { ident: airport.ident, name: airport.name, size },
        geometry: { type: 'Point', coordinates: [round4(airport.longitudeDeg), round4(airport.latitudeDeg)] },
      });
    }
  }
  return { type: 'FeatureCollection', features };
};
