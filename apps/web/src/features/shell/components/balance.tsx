import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

type BalanceProps = {
  /** null: the amount is not the viewer's to know (an airline member), and nothing shows. */
  amountFc: number | null;
  /** Wallet in pilot mode, airline finance in airline mode; null when the link is not available. */
  href: string | null;
  isBoostShown: boolean;
  /** The store the boost opens: the pilot's, or the airline's in airline mode. */
  boostHref?: string;
};

/** "Balance": the FC amount, linked, with a boost shortcut to the store. */
export const Balance = ({ amountFc, href, isBoostShown, boostHref = '/store' }: BalanceProps) => {
  const { t, i18n } = useTranslation('shell');
  if (amountFc === null) return null;
  const amount = t('balance.amount', { amount: new Intl.NumberFormat(i18n.language).format(amountFc) });
  return (
    <div className="flex items-center gap-1">
      {href === null ? (
        <span className="px-2 text-sm font-semibold text-amber-200" aria-label={t('balance.label', { amount })}>
          {amount}
        </span>
      ) : (
        <Link to={href} className={cn('rounded-md px-2 py-1 text-sm font-semibold text-amber-200 hover:bg-slate-700', focusRing)} aria-label={t('balance.label', { amount })}>
          {amount}
        </Link>
      )}
      {isBoostShown ? (
        <Link
          to={boostHref}
          aria-label={t('balance.boost')}
          title={t('balance.boost')}
          className={cn('flex h-7 w-7 items-center justify-center rounded-full bg-amber-400 text-slate-950 hover:bg-amber-300', focusRing)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" className="h-4 w-4" fill="currentColor">
            <path d="M8 2 L8 14 M2 8 L14 8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </Link>
      ) : null}
    </div>
  );
};
