import { useTranslation } from 'react-i18next';
import { useFlightTimes } from '../api/get-flight-times';

const hours = (value: number): string => value.toFixed(1);

/** Hours flown today and this month against the limits in force. */
export const FlightTimesCard = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('profile');
  const { data, isError } = useFlightTimes(userId);
  if (isError) return <p className="text-sm text-slate-300">{t('flightTimes.unavailable')}</p>;
  if (data === undefined) return <p className="text-sm text-slate-300">{t('common:loading')}</p>;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      <dt className="text-slate-300">{t('flightTimes.today')}</dt>
      <dd>{t('flightTimes.hoursOf', { hours: hours(data.today), limit: hours(data.rules.flightDurationLimit) })}</dd>
      <dt className="text-slate-300">{t('flightTimes.month')}</dt>
      <dd>{t('flightTimes.hoursOf', { hours: hours(data.month), limit: hours(data.rules.monthLimit) })}</dd>
    </dl>
  );
};
