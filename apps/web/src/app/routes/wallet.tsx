import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { WalletBalances } from '../../features/wallet/components/wallet-balances';
import { WalletTransactions } from '../../features/wallet/components/wallet-transactions';
import { useCurrentUser } from '../../lib/auth';

const readCurrency = (value: string | null): WalletCurrency =>
  (WalletCurrency as readonly string[]).includes(value ?? '') ? (value as WalletCurrency) : 'MFC';

/** /wallet: balances and the chosen currency's transactions (currency and page in the address). */
export const Component = () => {
  const { t } = useTranslation('wallet');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const currency = readCurrency(params.get('type'));
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  return (
    <Panel title={t('title')} className="mx-auto max-w-5xl">
      <p className="mb-4 text-sm text-slate-200">{t('intro')}</p>
      {user ? (
        <div className="flex flex-col gap-4">
          <WalletBalances wallet={user.wallet} selected={currency} onSelect={(next) => setParams({ type: next })} />
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <TextLink to="/help/scoring#flightcoins">{t('helpEarning')}</TextLink>
            <TextLink to="/help/scoring#miles">{t('helpMiles')}</TextLink>
          </p>
          <section id="wallet-panel" role="tabpanel" aria-labelledby={`wallet-tab-${currency}`} className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold text-white">{t('transactions', { currency: t(`currencies.${currency}`) })}</h2>
            <WalletTransactions
              userId={user.id}
              currency={currency}
              page={page}
              onPageChange={(next) => setParams({ type: currency, ...(next > 0 ? { page: String(next) } : {}) })}
            />
          </section>
        </div>
      ) : (
        <p role="status">{t('common:loading')}</p>
      )}
    </Panel>
  );
};
