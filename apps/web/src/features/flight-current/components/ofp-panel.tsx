import { useTranslation } from 'react-i18next';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';

const hhmm = (seconds: number) => `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;

/** The loaded flight plan: route, times, fuel, weights and the navlog. */
export const OfpPanel = ({ plan }: { plan: TFlightPlanData }) => {
  const { t, i18n } = useTranslation('flightCurrent');
  const number = new Intl.NumberFormat(i18n.language);
  const kg = (value: number | null) => (value === null ? t('na') : `${number.format(Math.round(value))} kg`);
  const utc = (epochSec: number) => `${new Date(epochSec * 1000).toISOString().slice(11, 16)}Z`;
  const rows: [string, string][] = [
    [t('ofp.route'), `${plan.origin.icaoCode}${plan.origin.runway ? `/${plan.origin.runway}` : ''} → ${plan.destination.icaoCode}${plan.destination.runway ? `/${plan.destination.runway}` : ''}`],
    [t('ofp.flightNumber'), `${plan.general.airline ?? ''}${plan.general.flightNumber}`],
    [t('ofp.aircraft'), plan.aircraftIcao],
    [t('ofp.initialAltitude'), `${number.format(plan.general.initialAltitudeFt)} ft`],
    [t('ofp.costIndex'), plan.general.costIndex === null ? t('na') : String(plan.general.costIndex)],
    [t('ofp.distance'), `${number.format(Math.round(plan.general.routeDistanceNm))} NM`],
    [t('ofp.scheduledOut'), utc(plan.times.scheduledOut)],
    [t('ofp.blockTime'), hhmm(plan.times.estimatedBlockSec)],
    [t('ofp.blockFuel'), kg(plan.fuel.blockKg)],
    [t('ofp.tripFuel'), kg(plan.fuel.tripKg)],
    [t('ofp.reserveFuel'), kg(plan.fuel.finalReserveKg)],
    [t('ofp.takeoffWeight'), kg(plan.weights.estimatedTakeoffWeightKg)],
    [t('ofp.zeroFuelWeight'), kg(plan.weights.zeroFuelWeightKg)],
    [t('ofp.payload'), kg(plan.weights.payloadKg)],
  ];
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs text-slate-300">{label}</dt>
            <dd className="font-semibold text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="font-mono text-xs break-words text-slate-200">{plan.general.route}</p>
      {plan.navlog.length > 0 ? (
        <div className="max-h-56 overflow-y-auto" tabIndex={0} role="region" aria-label={t('ofp.navlog')}>
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{t('ofp.navlog')}</caption>
            <thead>
              <tr className="text-slate-300">
                <th scope="col">{t('ofp.fix')}</th>
                <th scope="col">{t('ofp.airway')}</th>
                <th scope="col">{t('ofp.altitude')}</th>
                <th scope="col">{t('ofp.cumulative')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.navlog.map((fix, index) => (
                <tr key={`${fix.ident}-${index}`} className="border-t border-slate-700 text-slate-100">
                  <td>{fix.ident}</td>
                  <td>{fix.viaAirway ?? ''}</td>
                  <td>{fix.altitudeFt === null ? '' : number.format(fix.altitudeFt)}</td>
                  <td>{number.format(Math.round(fix.cumulativeDistanceNm))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
};
