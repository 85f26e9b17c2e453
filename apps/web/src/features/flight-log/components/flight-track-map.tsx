import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { maplibreLocale } from '../../../lib/maplibre-locale';
import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';
import { ALTITUDE_BANDS, boundsOf, markersCollection, trackByAltitude, type MapMarker } from '../lib/track';

/** MapLibre needs WebGL 2; without it (jsdom, old browsers) the legend and a note stay. */
const isWebGl2Available = (): boolean => typeof WebGL2RenderingContext !== 'undefined';

declare global {
  // Read by the logbook journey (e2e/) to wait for the drawn track.
  var __contrailTrackMap: MapLibreMap | undefined;
}

type Ring = number[][];

/** Longitudes made continuous along a ring (179.9 -> 180.1, not -179.9): no band across the world. */
const unwrap = (ring: Ring): Ring => {
  let offset = 0;
  return ring.map((point, index) => {
    if (index > 0) {
      const previous = ring[index - 1]![0]! + offset;
      let lon = point[0]! + offset;
      while (lon - previous > 180) {
        offset -= 360;
        lon -= 360;
      }
      while (lon - previous < -180) {
        offset += 360;
        lon += 360;
      }
      return [lon, point[1]!];
    }
    return [point[0]!, point[1]!];
  });
};

/** The land of world-atlas (110m, its own chunk) as polygons safe for a flat map. */
const loadLand = async (): Promise<GeoJSON.FeatureCollection> => {
  const [{ feature }, atlas] = await Promise.all([import('topojson-client'), import('world-atlas/land-110m.json')]);
  const topology = (atlas as unknown as { default: Parameters<typeof feature>[0] }).default;
  const land = feature(topology, topology.objects.land as never) as unknown as GeoJSON.FeatureCollection;
  const polygons: Ring[][] = [];
  for (const item of land.features) {
    const geometry = item.geometry;
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates.map(unwrap));
    if (geometry.type === 'MultiPolygon') for (const polygon of geometry.coordinates) polygons.push(polygon.map(unwrap));
  }
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: polygons } }] };
};

const style = (): StyleSpecification => ({
  version: 8,
  sources: {
    land: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#0b1d33' } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#2a3a50' } },
  ],
});

type FlightTrackMapProps = {
  points: readonly TPositionHistoryPoint[];
  markers: readonly MapMarker[];
  /** Accessible name of the map region, already translated. */
  label: string;
};

/**
 * The flight's track on a small MapLibre map, coloured by altitude (legend below), with the
 * airports and the touchdown point. Self-contained: the live map of features/map is not reused
 * (features do not import each other).
 */
export const FlightTrackMap = ({ points, markers, label }: FlightTrackMapProps) => {
  const { t, i18n } = useTranslation('flightLog');
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unsupported'>('loading');

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !isWebGl2Available()) {
      setState('unsupported');
      return undefined;
    }
    let map: MapLibreMap | null = null;
    let isCancelled = false;
    void (async () => {
      try {
        const [{ Map: MapClass }] = await Promise.all([import('maplibre-gl'), import('../lib/maplibre-setup')]);
        if (isCancelled) return;
        const bounds = boundsOf([...points, ...markers]);
        map = new MapClass({
          container,
          style: style(),
          attributionControl: false,
          locale: maplibreLocale(i18n),
          ...(bounds ? { bounds, fitBoundsOptions: { padding: 40, maxZoom: 10 } } : { center: [0, 30], zoom: 1 }),
        });
        const created = map;
        created.on('load', () => {
          if (isCancelled) return;
          created.addSource('track', { type: 'geojson', data: trackByAltitude(points) });
          created.addLayer({ id: 'track', type: 'line', source: 'track', paint: { 'line-color': ['get', 'colour'], 'line-width': 3 } });
          created.addSource('markers', { type: 'geojson', data: markersCollection(markers) });
          created.addLayer({
            id: 'markers',
            type: 'circle',
            source: 'markers',
            paint: { 'circle-radius': 6, 'circle-color': ['get', 'colour'], 'circle-stroke-color': '#0f172a', 'circle-stroke-width': 2 },
          });
          globalThis.__contrailTrackMap = created;
          setState('ready');
          void loadLand().then((land) => {
            if (!isCancelled) (created.getSource('land') as { setData?: (data: GeoJSON.FeatureCollection) => void } | undefined)?.setData?.(land);
          });
        });
      } catch (error) {
        console.warn('flight log: the track map could not start', error);
        if (!isCancelled) setState('unsupported');
      }
    })();
    return () => {
      isCancelled = true;
      if (map && globalThis.__contrailTrackMap === map) globalThis.__contrailTrackMap = undefined;
      map?.remove();
    };
    // The log never changes once loaded: the map is built once per set of points.
  }, [points, markers, i18n]);

  const number = new Intl.NumberFormat(i18n.language);
  return (
    <figure className="flex flex-col gap-2" aria-label={label}>
      <div
        ref={containerRef}
        data-state={state}
        id="flight-track-map"
        className="h-72 w-full overflow-hidden rounded-lg border border-slate-700 bg-[#0b1d33]"
      />
      {state === 'unsupported' ? <p className="text-xs text-slate-300">{t('detail.map.unsupported')}</p> : null}
      <figcaption>
        <span className="sr-only">{t('detail.map.legend')}</span>
        <ul className="flex flex-wrap gap-3 text-xs text-slate-200" aria-label={t('detail.map.legend')}>
          {ALTITUDE_BANDS.map((band, index) => (
            <li key={band.colour} className="flex items-center gap-1">
              <span aria-hidden="true" className="inline-block h-2 w-4 rounded" style={{ backgroundColor: band.colour }} />
              {Number.isFinite(band.maxFt)
                ? t('detail.map.band', { from: number.format(index === 0 ? 0 : ALTITUDE_BANDS[index - 1]!.maxFt), to: number.format(band.maxFt) })
                : t('detail.map.bandAbove', { from: number.format(ALTITUDE_BANDS[index - 1]!.maxFt) })}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
};
