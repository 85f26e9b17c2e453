import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFlightCompleted } from '@contrail/domain/live/flight-messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';

/** The FlightCompleted result: FlightCoins and XP earned, or why no FC was paid. */
export const FlightCompletedResult = ({ result, onDone }: { result: TFlightCompleted; onDone: () => void }) => {
  const { t, i18n } = useTranslation('flight');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="flex flex-col gap-4" role="region" aria-label={t('completed.title')}>
      <Alert tone="success">{t('completed.text')}</Alert>
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-lg bg-slate-800 p-4">
          <dt className="text-sm text-slate-300">{t('completed.fc')}</dt>
          <dd className="text-2xl font-bold text-white" data-testid="completed-fc">
            {t('completed.fcValue', { amount: number.format(result.fc) })}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-800 p-4">
          <dt className="text-sm text-slate-300">{t('completed.xp')}</dt>
          <dd className="text-2xl font-bold text-white" data-testid="completed-xp">
            {t('completed.xpValue', { amount: number.format(result.xp) })}
          </dd>
        </div>
      </dl>
      {result.fcReason ? <Alert tone="warning">{t(`completed.reasons.${result.fcReason}`)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Link to={`/flight-log/${result.flightLogId}`} className={buttonClasses('secondary')} onClick={onDone}>
          {t('completed.openLog')}
        </Link>
        <Button onClick={onDone}>{t('completed.done')}</Button>
      </div>
    </div>
  );
};
