import { useTranslation } from 'react-i18next';
import type { SeatCounts } from '@contrail/domain/reference/aircraft-configuration';

/** "First 0 · Business 12 · Economy 138 — 150 of 180 seats". */
export const SeatSummary = ({ seats, maxPaxCapacity }: { seats: SeatCounts; maxPaxCapacity: number }) => {
  const { t, i18n } = useTranslation('aircraft');
  const number = new Intl.NumberFormat(i18n.language);
  const total = seats.first + seats.business + seats.eco;
  return (
    <span className="text-sm text-slate-300">
      {t('seatClasses.first')} {number.format(seats.first)} · {t('seatClasses.business')} {number.format(seats.business)} · {t('seatClasses.eco')}{' '}
      {number.format(seats.eco)} — {t('seatsOf', { count: total, total: number.format(total), max: number.format(maxPaxCapacity) })}
    </span>
  );
};
