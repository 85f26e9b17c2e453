import { useTranslation } from 'react-i18next';
import { useUtcClock } from '../hooks/use-utc-clock';

export const UtcClock = () => {
  const { t } = useTranslation('shell');
  const time = useUtcClock();
  return (
    <time aria-label={t('clock.label', { time })} className="font-mono text-sm font-semibold text-slate-50 tabular-nums">
      {time}
    </time>
  );
};
