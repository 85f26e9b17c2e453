import { useTranslation } from 'react-i18next';
import type { FlightStatistics } from '@contrail/domain/flight/flight-engine-types';

/**
 * What the aircraft does now, from the same view of the flight as the flight widget (the hub's live
 * position, else the server's record of the flight): null figures show as N/A.
 */
export type AircraftFigures = {
  altitudeFt: number | null;
  speedKts: number | null;
  /** Which speed `speedKts` is: the simulator's displayed one (often indicated), or the ground speed. */
  speedKind: 'groundSpeed' | 'indicatedAirspeed';
  headingDeg: number | null;
};

/** Live figures and time estimates (estimates need a ground speed above 40 kts). */
export const FlightFigures = ({ statistics, aircraft }: { statistics: FlightStatistics | null; aircraft: AircraftFigures }) => {
  const { t, i18n } = useTranslation('flightCurrent');
  const number = new Intl.NumberFormat(i18n.language);
  const na = t('na');
  const ete = statistics?.estimatedTimeEnrouteMinutes;
  const eta = statistics?.estimatedArrivalTimeMs;
  const rows: [string, string][] = [
    [t('figures.altitude'), aircraft.altitudeFt === null ? na : `${number.format(Math.round(aircraft.altitudeFt))} ft`],
    [
      t(aircraft.speedKind === 'groundSpeed' ? 'figures.groundSpeed' : 'figures.indicatedAirspeed'),
      aircraft.speedKts === null ? na : `${number.format(Math.round(aircraft.speedKts))} kts`,
    ],
    [t('figures.heading'), aircraft.headingDeg === null ? na : `${Math.round(aircraft.headingDeg)}°`],
    [t('figures.flown'), statistics ? `${number.format(Math.max(0, statistics.distanceNm - statistics.remainingDistanceNm))} NM` : na],
    [t('figures.remaining'), statistics ? `${number.format(statistics.remainingDistanceNm)} NM` : na],
    [t('figures.ete'), ete === null || ete === undefined ? na : `${Math.floor(ete / 60)} h ${String(Math.round(ete % 60)).padStart(2, '0')} min`],
    [t('figures.eta'), eta === null || eta === undefined ? na : `${new Date(eta).toISOString().slice(11, 16)}Z`],
    [t('figures.fuel'), statistics ? `${number.format(Math.round(statistics.fuelRemainingKg))} kg` : na],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-4">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-slate-300">{label}</dt>
          <dd className="font-semibold text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
};
