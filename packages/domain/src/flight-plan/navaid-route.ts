import { alongTrackDistanceNm, crossTrackDistanceNm, distanceNm, intermediatePoint, type LatLon } from '../geo/great-circle';
import type { TNavaid } from './navaids';
import { PLANNER_CONSTANTS } from './planner-constants';

/** A fix of the en-route part of a plan: a navaid filed by ident, or a latitude/longitude point. */
export type TRouteFix = { kind: 'navaid'; navaid: TNavaid; position: LatLon } | { kind: 'point'; position: LatLon };

type Node = { position: LatLon; alongNm: number; crossNm: number; navaid: TNavaid | null };

const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** The navaids a route from `from` to `to` may use, with their place along and across the great circle, in order. */
const corridorNavaids = (from: LatLon, to: LatLon, totalNm: number, navaids: readonly TNavaid[]): Node[] => {
  const c = PLANNER_CONSTANTS;
  const corridorNm = Math.min(c.navaidCorridorNm, c.navaidCorridorFraction * totalNm);
  // Latitude pre-filter: 1 degree of latitude is 60 NM, so nothing outside this band can be in the corridor.
  const marginDeg = corridorNm / 60 + 0.01;
  const minLat = Math.min(from.latitudeDeg, to.latitudeDeg) - marginDeg;
  const maxLat = Math.max(from.latitudeDeg, to.latitudeDeg) + marginDeg;
  const nodes: Node[] = [];
  for (const navaid of navaids) {
    // A great circle can bulge poleward of both ends: only trust the band on routes that cannot bulge much.
    if (totalNm < 1500 && (navaid.latitudeDeg < minLat || navaid.latitudeDeg > maxLat)) continue;
    const position = { latitudeDeg: navaid.latitudeDeg, longitudeDeg: navaid.longitudeDeg };
    const crossNm = crossTrackDistanceNm(from, to, position);
    if (Math.abs(crossNm) > corridorNm) continue;
    const alongNm = alongTrackDistanceNm(from, to, position);
    if (alongNm < c.navaidTerminalExclusionNm || alongNm > totalNm - c.navaidTerminalExclusionNm) continue;
    if (distanceNm(position, from) < c.navaidTerminalExclusionNm || distanceNm(position, to) < c.navaidTerminalExclusionNm) continue;
    nodes.push({ position, alongNm, crossNm, navaid });
  }
  return nodes.sort((a, b) => a.alongNm - b.alongNm);
};

/** Legs longer than PLANNER_CONSTANTS.navaidMaxLegNm: equal latitude/longitude legs of at most waypointSpacingNm. */
const pointsAlong = (start: LatLon, end: LatLon): TRouteFix[] => {
  const c = PLANNER_CONSTANTS;
  const legNm = distanceNm(start, end);
  if (legNm <= c.navaidMaxLegNm) return [];
  const count = Math.ceil(legNm / c.waypointSpacingNm);
  return Array.from({ length: count - 1 }, (_, k) => ({ kind: 'point' as const, position: intermediatePoint(start, end, (k + 1) / count) }));
};

/**
 * The en-route fixes from `from` to `to` (neither airport included), the way a dispatcher files a
 * route without airways: a chain of VORs near the great circle, always moving forward. Among the
 * navaids of the corridor it picks the chain of least cost, a leg costing its length plus 1 NM per
 * NM beyond the preferred leg (so a navaid every ~60 NM is worth a small detour), with fixes at
 * least navaidMinSpacingNm apart and no leg turning more than navaidMaxLegDeviationDeg off the
 * course. Where the chain still leaves a gap longer than navaidMaxLegNm, latitude/longitude points
 * fill it; with no navaid at all the route is the old direct one. Pure and deterministic.
 */
export const planRouteFixes = (from: LatLon, to: LatLon, navaids: readonly TNavaid[]): TRouteFix[] => {
  const c = PLANNER_CONSTANTS;
  const totalNm = distanceNm(from, to);
  const nodes: Node[] = [
    { position: from, alongNm: 0, crossNm: 0, navaid: null },
    ...corridorNavaids(from, to, totalNm, navaids),
    { position: to, alongNm: totalNm, crossNm: 0, navaid: null },
  ];
  const last = nodes.length - 1;
  const cost = nodes.map(() => Number.POSITIVE_INFINITY);
  const previous = nodes.map(() => -1);
  cost[0] = 0;
  for (let j = 1; j <= last; j += 1) {
    for (let i = 0; i < j; i += 1) {
      if (cost[i] === Number.POSITIVE_INFINITY) continue;
      const a = nodes[i]!;
      const b = nodes[j]!;
      const isDirect = i === 0 && j === last;
      const alongNm = b.alongNm - a.alongNm;
      if (!isDirect) {
        // Never backwards, never a sharp turn off the course.
        if (alongNm <= 0) continue;
        if (toDeg(Math.atan2(Math.abs(b.crossNm - a.crossNm), alongNm)) > c.navaidMaxLegDeviationDeg) continue;
      }
      const legNm = distanceNm(a.position, b.position);
      if (a.navaid && b.navaid && legNm < c.navaidMinSpacingNm) continue;
      const total = cost[i]! + legNm + Math.max(0, legNm - c.navaidPreferredLegNm);
      if (total < cost[j]!) {
        cost[j] = total;
        previous[j] = i;
      }
    }
  }
  const chain: Node[] = [];
  for (let k = last; k !== -1; k = previous[k]!) chain.unshift(nodes[k]!);

  const fixes: TRouteFix[] = [];
  for (let k = 1; k < chain.length; k += 1) {
    const start = chain[k - 1]!;
    const end = chain[k]!;
    fixes.push(...pointsAlong(start.position, end.position));
    if (end.navaid) fixes.push({ kind: 'navaid', navaid: end.navaid, position: end.position });
  }
  return fixes;
};

/**
 * The magnetic variation near `point`, degrees east positive: that of the closest navaid within
 * PLANNER_CONSTANTS.variationSearchRadiusNm that gives one, else null (the true track then stands in).
 */
export const magneticVariationNear = (point: LatLon, navaids: readonly TNavaid[]): number | null => {
  let best: { distance: number; variation: number } | null = null;
  for (const navaid of navaids) {
    if (navaid.magneticVariationDeg === null) continue;
    const distance = distanceNm(point, { latitudeDeg: navaid.latitudeDeg, longitudeDeg: navaid.longitudeDeg });
    if (distance <= PLANNER_CONSTANTS.variationSearchRadiusNm && (!best || distance < best.distance)) {
      best = { distance, variation: navaid.magneticVariationDeg };
    }
  }
  return best?.variation ?? null;
};
