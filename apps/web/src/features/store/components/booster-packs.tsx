import { useTranslation } from 'react-i18next';
import { boosterPackText } from '../../../lib/catalogue-texts';
import { Button } from '../../../components/ui/button';
import { handleError } from '../../../lib/handle-error';
import { usePacks } from '../api/get-packs';
import { openCheckout } from '../api/open-checkout';
import { usePlaceOrder } from '../api/place-order';
import { Price } from './price';
import { useMayPayByCard } from './may-pay-by-card';

/**
 * Booster packs, paid by card: FC for the pilot's wallet, or with `airlineId`
 * (airline-manager mode, the balance's boost shortcut) for the airline's.
 */
export const BoosterPacks = ({ userId, airlineId }: { userId: string; airlineId?: string }) => {
  const { t, i18n } = useTranslation('store');
  const packs = usePacks();
  const order = usePlaceOrder(userId);
  const mayPayByCard = useMayPayByCard();
  const buyPack = (packId: string) =>
    order.mutate(
      {
        type: 'PACK',
        items: [{ itemId: packId, quantity: 1 }],
        payment: { type: 'CARD' },
        ...(airlineId ? { context: 'airline_manager' as const, airlineId } : { context: 'pilot' as const }),
      },
      { onSuccess: (result) => result.checkout && openCheckout(result.checkout.sessionUrl), onError: handleError },
    );
  return (
    <section aria-labelledby="packs-heading" className="flex flex-col gap-3">
      <h2 id="packs-heading" className="text-lg font-semibold text-white">
        {t('packs.title')}
      </h2>
      <p className="text-sm text-slate-300">{airlineId ? t('packs.introAirline') : t('packs.intro')}</p>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-4">
        {(packs.data ?? []).map((pack) => {
          const packName = boosterPackText(i18n, pack).name;
          return (
          <li key={pack.id} className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-800 p-4">
            <h3 className="font-semibold text-white">{packName}</h3>
            <p className="text-sm text-slate-300">{t('packs.fc', { amount: pack.fcAmount.toLocaleString() })}</p>
            <Price currency="EUR" amount={pack.price} />
            <Button onClick={() => buyPack(pack.id)} disabled={order.isPending || !mayPayByCard}>
              {t('packs.buyShort')}
              <span className="sr-only">: {packName}</span>
            </Button>
          </li>
          );
        })}
      </ul>
    </section>
  );
};
