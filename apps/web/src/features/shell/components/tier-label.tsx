import { useTranslation } from 'react-i18next';

/** "Profile menu": gold if premium in the current mode, otherwise silver. */
export const TierLabel = ({ isPremium }: { isPremium: boolean }) => {
  const { t } = useTranslation('shell');
  return (
    <span
      data-tier={isPremium ? 'gold' : 'silver'}
      className={
        isPremium
          ? 'rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-950 uppercase'
          : 'rounded-full bg-slate-300 px-2 py-0.5 text-xs font-bold text-slate-950 uppercase'
      }
    >
      {isPremium ? t('tier.gold') : t('tier.silver')}
    </span>
  );
};
