import { useTranslation } from 'react-i18next';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { usePlaneCost } from '../api/airline-manage';
import type { TAirline } from '../api/airline-mgr';

/**
 * What building this plane will cost, before the owner builds it: the category's base cost and the
 * seats chosen (GET plane cost at the airline's difficulty). The airline's first plane is free.
 * The server computes the amount it debits on its own.
 */
export const PlaneCostPreview = ({ airline, icao, seats }: { airline: TAirline; icao: string | null; seats: { eco: number; business: number; first: number } }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const category = icao ? (findAircraftByIcao(icao)?.category ?? null) : null;
  const cost = usePlaneCost(category, airline.gameDifficulty);
  const number = new Intl.NumberFormat(i18n.language);
  let text = '';
  if (!airline.hasPlane) text = t('manage.planeCost.free');
  else if (cost.data) {
    const total = cost.data.buildCost + seats.eco * cost.data.ecoSeatCost + seats.business * cost.data.businessSeatCost + seats.first * cost.data.firstSeatCost;
    text = t('manage.planeCost.total', { fc: number.format(total), maintenance: number.format(cost.data.maintenanceCost) });
  } else if (cost.isPending && category) text = t('common:loading');
  return (
    <p role="status" className="w-full text-sm text-slate-200">
      {text}
    </p>
  );
};
