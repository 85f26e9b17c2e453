import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import type { CabinScores } from '../lib/cabin-scores';
import { scoreTone, scoreToneBarClass, scoreToneTextClass } from '../lib/score-tone';

/** Wellness, entertainment and satiety gauges, each coloured by the score rule. */
export const SatisfactionGauges = ({ scores, isCompact = false }: { scores: CabinScores | null; isCompact?: boolean }) => {
  const { t } = useTranslation('flight');
  const items = [
    ['wellness', scores?.wellness ?? null],
    ['entertainment', scores?.entertainment ?? null],
    ['satiety', scores?.satiety ?? null],
  ] as const;
  return (
    <ul className={cn('flex gap-3', isCompact ? 'text-xs' : 'flex-col text-sm')} aria-label={t('gauges.label')}>
      {items.map(([name, value]) => {
        const tone = scoreTone(value);
        return (
          <li key={name} className={cn('flex flex-col gap-1', isCompact ? 'min-w-20' : '')} data-tone={tone}>
            <span className="flex justify-between gap-2">
              <span className="text-slate-200">{t(`gauges.${name}`)}</span>
              <span className={cn('font-semibold', scoreToneTextClass[tone])}>{value === null ? t('na') : `${value}%`}</span>
            </span>
            <span
              role="meter"
              aria-label={t(`gauges.${name}`)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value ?? 0}
              aria-valuetext={value === null ? t('na') : `${value}%`}
              className="block h-1.5 w-full overflow-hidden rounded bg-slate-700"
            >
              <span className={cn('block h-full', scoreToneBarClass[tone])} style={{ width: `${value ?? 0}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
};
