import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The offline basemap (docs/decisions/0009-live-map.md): Natural Earth countries from the npm
 * package world-atlas, made safe for a planar tiler.
 *
 * world-atlas keeps polygons continuous on the sphere: Russia, Fiji and a few islands step from
 * +179.9 to -179.9 degrees inside one ring, and Antarctica's ring goes once round the South Pole.
 * MapLibre tiles GeoJSON in Web Mercator, where such an edge spans the whole world: the globe and
 * the flat map both draw a band across the planet. Each ring is therefore
 *
 * 1. unwrapped (longitudes made continuous, so 179.9 -> 180.1 instead of -179.9);
 * 2. closed through its pole when it winds round one (its end is then 360 degrees from its start);
 * 3. clipped to each 360-degree window it covers and shifted back into [-180, 180].
 *
 * Lines (borders, coasts) are cut where they cross the antimeridian, and edges that only run
 * along a pole are dropped.
 */

export type Ring = Position[];
type PolygonRings = Ring[];

/** Longitudes made continuous along the ring: no step between neighbours exceeds 180 degrees. */
export const unwrapRing = (ring: Ring): Ring => {
  if (ring.length === 0) return [];
  const out: Ring = [[ring[0]![0]!, ring[0]![1]!]];
  let offset = 0;
  for (let i = 1; i < ring.length; i += 1) {
    const [lon, lat] = ring[i]! as [number, number];
    const previous = out[i - 1]![0]!;
    let unwrapped = lon + offset;
    while (unwrapped - previous > 180) {
      offset -= 360;
      unwrapped -= 360;
    }
    while (unwrapped - previous < -180) {
      offset += 360;
      unwrapped += 360;
    }
    out.push([unwrapped, lat]);
  }
  return out;
};

/** Twice the signed area in the lon/lat plane; positive when counter-clockwise. */
export const signedArea2 = (ring: Ring): number => {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
};

/** Closes an unwrapped ring that winds round a pole by running along that pole. */
const closeThroughPole = (ring: Ring): Ring => {
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (Math.abs(last[0]! - first[0]!) < 180) return ring;
  const meanLat = ring.reduce((sum, point) => sum + point[1]!, 0) / ring.length;
  const poleLat = meanLat < 0 ? -90 : 90;
  return [...ring, [last[0]!, poleLat], [first[0]!, poleLat], [first[0]!, first[1]!]];
};

/** Sutherland-Hodgman against one vertical line; `keep` says which side stays. */
const clipAgainst = (ring: Ring, x: number, keep: 'above' | 'below'): Ring => {
  const inside = (point: Position) => (keep === 'above' ? point[0]! >= x : point[0]! <= x);
  const out: Ring = [];
  for (let i = 0; i < ring.length - 1; i += 1) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const isAIn = inside(a);
    const isBIn = inside(b);
    if (isAIn) out.push(a);
    if (isAIn !== isBIn) {
      const t = (x - a[0]!) / (b[0]! - a[0]!);
      out.push([x, a[1]! + t * (b[1]! - a[1]!)]);
    }
  }
  if (out.length > 0) out.push(out[0]!);
  return out;
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The part of an (unwrapped, closed) ring inside [lo, lo + 360], shifted by `shift`; null when empty. */
const clipToWindow = (ring: Ring, lo: number, shift: number): Ring | null => {
  const clipped = clipAgainst(clipAgainst(ring, lo, 'above'), lo + 360, 'below');
  if (clipped.length < 4 || Math.abs(signedArea2(clipped)) < 1e-9) return null;
  return clipped.map(([lon, lat]) => [round6(lon! + shift), lat!]);
};

const orient = (ring: Ring, counterClockwise: boolean): Ring =>
  signedArea2(ring) > 0 === counterClockwise ? ring : [...ring].reverse();

/** A ring that runs round a pole within half a degree of it (a spherical outer ring, empty in the plane). */
const isPoleHuggingRing = (ring: Ring): boolean =>
  ring.length > 0 && (ring.every((point) => point[1]! <= -89.5) || ring.every((point) => point[1]! >= 89.5));

/**
 * One polygon (outer ring and holes) as polygons whose every ring lies within [-180, 180], with
 * no edge longer than 180 degrees of longitude. Outer rings counter-clockwise (RFC 7946).
 */
export const splitPolygonAtAntimeridian = (rings: PolygonRings): PolygonRings[] => {
  // world-atlas draws Antarctica as a sphere-sized polygon: an outer ring hugging the pole
  // (latitude -89.999) and the coast as its hole. In the plane the continent is the coast closed
  // through the pole, so such a pole-hugging outer ring is dropped and the coast becomes the outer.
  const kept = isPoleHuggingRing(rings[0] ?? []) ? rings.slice(1) : rings;
  if (kept.length === 0) return [];
  const prepared = kept.map((ring) => closeThroughPole(unwrapRing(ring)));
  const outer = prepared[0]!;
  const lons = outer.map((point) => point[0]!);
  const kMin = Math.floor((Math.min(...lons) + 180) / 360);
  const kMax = Math.floor((Math.max(...lons) + 180 - 1e-9) / 360);
  const polygons: PolygonRings[] = [];
  for (let k = kMin; k <= kMax; k += 1) {
    const lo = k * 360 - 180;
    const piece = clipToWindow(outer, lo, -k * 360);
    if (!piece) continue;
    const holes = prepared
      .slice(1)
      .map((hole) => clipToWindow(hole, lo, -k * 360))
      .filter((hole): hole is Ring => hole !== null)
      .map((hole) => orient(hole, false));
    polygons.push([orient(piece, true), ...holes]);
  }
  return polygons;
};

/** Lines cut where they cross the antimeridian; segments running along a pole are left out. */
export const splitLinesAtAntimeridian = (lines: Position[][]): Position[][] => {
  const out: Position[][] = [];
  for (const line of lines) {
    let current: Position[] = [];
    const flush = () => {
      if (current.length >= 2) out.push(current);
      current = [];
    };
    for (let i = 0; i < line.length; i += 1) {
      const point = line[i]!;
      const previous = i > 0 ? line[i - 1]! : undefined;
      if (previous && Math.abs(previous[1]!) >= 89.9 && Math.abs(point[1]!) >= 89.9) {
        flush();
      } else if (previous && Math.abs(point[0]! - previous[0]!) > 180) {
        const sign = previous[0]! > 0 ? 1 : -1;
        const unwrappedLon = point[0]! + sign * 360;
        const span = unwrappedLon - previous[0]!;
        // A step from -180 to +180 at the same place has no length: cut without a crossing point.
        const t = Math.abs(span) < 1e-9 ? 0 : (sign * 180 - previous[0]!) / span;
        const lat = previous[1]! + t * (point[1]! - previous[1]!);
        current.push([sign * 180, lat]);
        flush();
        current.push([-sign * 180, lat]);
      }
      current.push(point);
    }
    flush();
  }
  return out;
};

export type WorldBasemap = {
  land: FeatureCollection<MultiPolygon, { name: string }>;
  borders: FeatureCollection<MultiLineString, { kind: 'border' | 'coast' }>;
};

type CountryProperties = { name?: string };

/** Cleans a world-atlas countries topology into land polygons and border/coast lines. */
export const buildWorldBasemap = (topology: Topology): WorldBasemap => {
  const countries = topology.objects.countries as GeometryCollection<CountryProperties>;
  const collection = feature(topology, countries) as FeatureCollection<
    { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] } | null,
    CountryProperties
  >;
  const land: Feature<MultiPolygon, { name: string }>[] = [];
  for (const country of collection.features) {
    const geometry = country.geometry;
    if (!geometry) continue;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const coordinates = polygons.flatMap((polygon) => splitPolygonAtAntimeridian(polygon));
    if (coordinates.length === 0) continue;
    land.push({ type: 'Feature', properties: { name: country.properties?.name ?? '' }, geometry: { type: 'MultiPolygon', coordinates } });
  }
  const lines = (kind: 'border' | 'coast'): Feature<MultiLineString, { kind: 'border' | 'coast' }> => ({
    type: 'Feature',
    properties: { kind },
    geometry: {
      type: 'MultiLineString',
      coordinates: splitLinesAtAntimeridian(
        mesh(topology, countries, kind === 'border' ? (a, b) => a !== b : (a, b) => a === b).coordinates,
      ),
    },
  });
  return { land: { type: 'FeatureCollection', features: land }, borders: { type: 'FeatureCollection', features: [lines('border'), lines('coast')] } };
};

/** Loads world-atlas (a separate chunk, fetched once) and cleans it. */
export const loadWorldBasemap = async (): Promise<WorldBasemap> => {
  const module = (await import('world-atlas/countries-50m.json')) as unknown as { default: Topology };
  return buildWorldBasemap(module.default);
};
