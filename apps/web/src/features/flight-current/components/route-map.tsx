import { useTranslation } from 'react-i18next';

export type MapPoint = { latitude: number; longitude: number };
export type MapAirport = MapPoint & { ident: string };

const WIDTH = 640;
const HEIGHT = 320;
const PADDING = 28;

/** Longitudes unwrapped around a reference, so a route across the antimeridian stays continuous. */
const unwrap = (longitude: number, reference: number): number => {
  let value = longitude;
  while (value - reference > 180) value -= 360;
  while (value - reference < -180) value += 360;
  return value;
};

/**
 * A projection of the flight's area onto the map box: equirectangular, x scaled by cos(mean
 * latitude) so shapes keep their proportions, fitted with padding. Exported for tests.
 */
export const fitProjection = (points: MapPoint[], reference: number) => {
  const xs = points.map((point) => unwrap(point.longitude, reference));
  const ys = points.map((point) => point.latitude);
  const meanLatRad = ((Math.min(...ys) + Math.max(...ys)) / 2) * (Math.PI / 180);
  const kx = Math.max(0.2, Math.cos(meanLatRad));
  const minX = Math.min(...xs) * kx;
  const maxX = Math.max(...xs) * kx;
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const spanX = Math.max(maxX - minX, 0.05);
  const spanY = Math.max(maxY - minY, 0.05);
  const scale = Math.min((WIDTH - 2 * PADDING) / spanX, (HEIGHT - 2 * PADDING) / spanY);
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (HEIGHT - spanY * scale) / 2;
  return (point: MapPoint): [number, number] => [
    offsetX + (unwrap(point.longitude, reference) * kx - minX) * scale,
    HEIGHT - (offsetY + (point.latitude - minY) * scale),
  ];
};

const path = (points: [number, number][]): string => points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

/**
 * The flight on a map: the planned route (dashed), the flown track and the aircraft pointing to its
 * heading, between the departure and the arrival. A light SVG drawing (the live map in the
 * background already shows the world): it works without WebGL and prints.
 */
export const RouteMap = ({
  departure,
  arrival,
  plannedRoute,
  track,
  aircraft,
}: {
  departure: MapAirport;
  arrival: MapAirport;
  /** Fixes of the flight plan, departure and arrival included; empty = great-circle chord. */
  plannedRoute: MapPoint[];
  track: readonly MapPoint[];
  aircraft: (MapPoint & { headingDeg: number }) | null;
}) => {
  const { t } = useTranslation('flightCurrent');
  const route = plannedRoute.length >= 2 ? plannedRoute : [departure, arrival];
  const project = fitProjection([...route, ...track, departure, arrival, ...(aircraft ? [aircraft] : [])], departure.longitude);
  const [dx, dy] = project(departure);
  const [ax, ay] = project(arrival);
  const aircraftAt = aircraft ? project(aircraft) : null;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('map.label', { departure: departure.ident, arrival: arrival.ident })}
      className="h-auto w-full rounded-md bg-slate-950"
    >
      <path d={path(route.map(project))} fill="none" stroke="#94a3b8" strokeWidth={1.5} strokeDasharray="6 5" data-testid="planned-route" />
      {track.length >= 2 ? <path d={path(track.map(project))} fill="none" stroke="#38bdf8" strokeWidth={2.5} data-testid="flown-track" /> : null}
      <g fill="#e2e8f0" fontSize={13} fontWeight={600}>
        <circle cx={dx} cy={dy} r={5} fill="#34d399" />
        <text x={dx + 8} y={dy - 8}>
          {departure.ident}
        </text>
        <circle cx={ax} cy={ay} r={5} fill="#f87171" />
        <text x={ax + 8} y={ay - 8}>
          {arrival.ident}
        </text>
      </g>
      {aircraftAt && aircraft ? (
        <g transform={`translate(${aircraftAt[0].toFixed(1)} ${aircraftAt[1].toFixed(1)}) rotate(${Math.round(aircraft.headingDeg)})`} data-testid="aircraft">
          <path d="M0,-11 L7,9 L0,4 L-7,9 Z" fill="#facc15" stroke="#0f172a" strokeWidth={1} />
        </g>
      ) : null}
    </svg>
  );
};
