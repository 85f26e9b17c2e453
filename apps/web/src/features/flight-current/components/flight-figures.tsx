import { useTranslation } from 'react-i18next';
import type { FlightStatistics, LivePosition } from '@contrail/domain/flight/flight-engine-types';

/** Live figures and time estimates (spec section 9: estimates need a ground speed above 40 kts). */
export const FlightFigures = ({ statistics, position }: { statistics: FlightStatistics | null; position: LivePosition | null }) => {
  const { t, i18n } = useTranslation('flightCurrent');
  const number = new Intl.NumberFormat(i18n.language);
  const na = t('na');
  const ete = statistics?.estimatedTimeEnrouteMinutes;
  const eta = statistics?.estimatedArrivalTimeMs;
  const rows: [string, string][] = [
    [t('figures.altitude'), position ? `${number.format(Math.round(position.altitudeFtMsl))} ft` : na],
    [
      t(position?.displayedSpeedKind === 'groundSpeed' ? 'figures.groundSpeed' : 'figures.indicatedAirspeed'),
      position ? `${number.format(Math.round(position.displayedSpeedKts))} kts` : na,
    ],
    [t('figures.heading'), position ? `${Math.round(position.headingDegTrue)}°` : na],
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
