import { useTranslation } from 'react-i18next';
import type { TWallet } from '@contrail/domain/user/user-contract';
import type { WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import { cn } from '../../../components/ui/cn';
import { focusRing } from '../../../components/ui/button';

const CURRENCIES: { currency: WalletCurrency; field: keyof TWallet }[] = [
  { currency: 'MFC', field: 'mfc' },
  { currency: 'XP', field: 'xp' },
  { currency: 'MILES', field: 'miles' },
];

/**
 * The three balances (FlightCoins, experience, miles) as tabs: the chosen one's transactions show
 * below (WAI-ARIA tabs; the panel is the caller's, with id `wallet-panel`).
 */
export const WalletBalances = ({ wallet, selected, onSelect }: { wallet: TWallet; selected: WalletCurrency; onSelect: (currency: WalletCurrency) => void }) => {
  const { t, i18n } = useTranslation('wallet');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div role="tablist" aria-label={t('balancesLabel')} className="grid grid-cols-1 gap-3 md:grid-cols-3">
      {CURRENCIES.map(({ currency, field }) => {
        const isSelected = currency === selected;
        return (
          <button
            key={currency}
            type="button"
            role="tab"
            id={`wallet-tab-${currency}`}
            aria-selected={isSelected}
            aria-controls="wallet-panel"
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(currency)}
            onKeyDown={(event) => {
              const index = CURRENCIES.findIndex((entry) => entry.currency === currency);
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (step !== 0) onSelect(CURRENCIES[(index + step + CURRENCIES.length) % CURRENCIES.length]!.currency);
            }}
            className={cn(
              'flex flex-col items-start rounded-lg border p-4 text-left',
              isSelected ? 'border-sky-400 bg-slate-800' : 'border-slate-700 bg-slate-900 hover:bg-slate-800',
              focusRing,
            )}
          >
            <span className="text-sm text-slate-300">{t(`currencies.${currency}`)}</span>
            <span className="text-2xl font-semibold text-white">{t(`units.${currency}`, { value: number.format(wallet[field]) })}</span>
            {currency === 'MILES' ? <span className="mt-1 text-xs text-slate-300">{t('milesHelp')}</span> : null}
          </button>
        );
      })}
    </div>
  );
};
