import type { Feature, FeatureCollection, Point } from 'geojson';

/**
 * Aircraft as the map draws them, whatever their source (Contrail's own traffic, VATSIM, IVAO),
 * and their dead reckoning between two snapshots: a feed refreshes every 15 s (own traffic at
 * most every 10 s), so each plane is moved along its heading at its ground speed meanwhile.
 */
export type TrafficSource = 'contrail' | 'vatsim' | 'ivao';
/** Drawing order, bottom to top: Contrail's own traffic on top. */
export const TRAFFIC_SOURCES: readonly TrafficSource[] = ['vatsim', 'ivao', 'contrail'];

export type MapAircraft = {
  id: string;
  source: TrafficSource;
  latitudeDeg: number;
  longitudeDeg: number;
  /** Degrees true; rotates the icon. */
  headingDeg: number;
  altitudeFt: number | null;
  groundSpeedKts: number | null;
  flightNumber: string;
  departure: string | null;
  arrival: string | null;
  aircraftIcao: string | null;
  /** Own traffic only. */
  pilotName?: string;
  flightStep?: string;
  /** Own traffic: an airline's plane carries the airline's registration. */
  registration?: string;
};

/** Below this ground speed a plane is taxiing or parked: it stays where it was reported. */
const MIN_MOVING_SPEED_KTS = 30;
/** A plane is never pushed further than this past its report (a stalled feed must not fly planes away). */
export const MAX_EXTRAPOLATION_S = 90;
const NM_PER_DEG_LAT = 60;

/** Where the plane is `elapsedS` seconds after its report, flying its heading at its ground speed. */
export const extrapolatePosition = (aircraft: MapAircraft, elapsedS: number): [longitudeDeg: number, latitudeDeg: number] => {
  const speedKts = aircraft.groundSpeedKts ?? 0;
  if (speedKts < MIN_MOVING_SPEED_KTS || elapsedS <= 0) return [aircraft.longitudeDeg, aircraft.latitudeDeg];
  const distanceNm = (speedKts * Math.min(elapsedS, MAX_EXTRAPOLATION_S)) / 3600;
  const headingRad = (aircraft.headingDeg * Math.PI) / 180;
  const latitudeDeg = Math.max(-89.9, Math.min(89.9, aircraft.latitudeDeg + (distanceNm * Math.cos(headingRad)) / NM_PER_DEG_LAT));
  const cosLat = Math.max(0.01, Math.cos((aircraft.latitudeDeg * Math.PI) / 180));
  let longitudeDeg = aircraft.longitudeDeg + (distanceNm * Math.sin(headingRad)) / (NM_PER_DEG_LAT * cosLat);
  if (longitudeDeg > 180) longitudeDeg -= 360;
  if (longitudeDeg < -180) longitudeDeg += 360;
  return [longitudeDeg, latitudeDeg];
};

export type AircraftFeatureProperties = Omit<MapAircraft, 'latitudeDeg' | 'longitudeDeg'>;

/**
 * A GeoJSON point collection of the planes at `elapsedS` past their snapshot. Properties are the
 * plane's fields, so a click on the symbol gives the side panel everything it shows.
 */
export const toAircraftCollection = (
  aircraft: readonly MapAircraft[],
  elapsedS: number,
): FeatureCollection<Point, AircraftFeatureProperties> => ({
  type: 'FeatureCollection',
  features: aircraft.map((plane): Feature<Point, AircraftFeatureProperties> => {
    const { latitudeDeg: _lat, longitudeDeg: _lon, ...properties } = plane;
    return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: extrapolatePosition(plane, elapsedS) } };
  }),
});
