import { useTranslation } from 'react-i18next';
import { storeItemText } from '../../../lib/catalogue-texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useAirlineStoreItems, useBuyForAirline, type TAirline } from '../api/airline-mgr';

/** The store in the airline's context: aircraft and hangars, paid from the airline's wallet. */
export const AirlineStore = ({ airline, userId }: { airline: TAirline; userId: string }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const items = useAirlineStoreItems();
  const buy = useBuyForAirline(airline.id, userId);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-200">{t('store.intro', { balance: (airline.balance ?? 0).toLocaleString(i18n.language) })}</p>
      {buy.isSuccess ? (
        <Alert tone="success">
          {t('store.bought')} <TextLink to="/airline-mgr/items">{t('store.seeItems')}</TextLink>
        </Alert>
      ) : null}
      {items.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {items.isError ? <Alert tone="error">{errorMessage(items.error)}</Alert> : null}
      {items.data?.length === 0 ? <p className="text-sm text-slate-200">{t('store.empty')}</p> : null}
      <ul className="flex flex-col gap-2">
        {items.data?.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-600 p-3 text-sm">
            <span>
              <span className="font-semibold text-slate-50">{storeItemText(i18n, item).name}</span> · {t('store.price', { price: item.price.toLocaleString(i18n.language) })}
            </span>
            <Button disabled={buy.isPending} aria-label={t('store.buyNamed', { name: storeItemText(i18n, item).name })} onClick={() => buy.mutate(item.id)}>
              {t('store.buy')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
};
