import { PILOT_ITEM_TYPES } from '@contrail/domain/store/item-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeItemText } from '../../../lib/catalogue-texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { handleError } from '../../../lib/handle-error';
import { useItem } from '../api/get-item';
import { openCheckout } from '../api/open-checkout';
import { usePlaceOrder } from '../api/place-order';
import { Price } from './price';
import { useMayPayByCard } from './may-pay-by-card';

/** /store/{itemId}: one item with its details and a quantity to buy (FC from the wallet, or by card). */
export const ItemDetail = ({ userId, itemId }: { userId: string; itemId: string }) => {
  const { t, i18n } = useTranslation('store');
  const item = useItem(itemId);
  const order = usePlaceOrder(userId);
  const mayPayByCard = useMayPayByCard();
  const [quantity, setQuantity] = useState(1);
  const [bought, setBought] = useState(false);
  if (item.isError) return <Alert tone="error">{t('item.notFound')}</Alert>;
  if (!item.data) return <p role="status">{t('common:loading')}</p>;
  const data = item.data;
  const text = storeItemText(i18n, data);
  const isPilotItem = PILOT_ITEM_TYPES.includes(data.typeName);
  const max = Math.min(100, data.stock ?? 100);
  const buy = () =>
    order.mutate(
      { items: [{ itemId: data.id, quantity }], payment: { type: data.currency === 'MFC' ? 'WALLET' : 'CARD' }, context: 'pilot' },
      {
        onSuccess: (result) => (result.checkout ? openCheckout(result.checkout.sessionUrl) : setBought(true)),
        onError: handleError,
      },
    );
  return (
    <article aria-labelledby="item-name" className="flex flex-col gap-3">
      <h2 id="item-name" className="text-lg font-semibold text-white">
        {text.name}
      </h2>
      <p className="text-sm text-slate-300">{text.description}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-400">{t('filters.type')}</dt>
        <dd>{t(`types.${data.typeName}`)}</dd>
        {data.aircraftIcao ? (
          <>
            <dt className="text-slate-400">{t('item.aircraft')}</dt>
            <dd>
              {data.aircraftIcao} · {t(`planeCategories.${data.planeCategory ?? 'SMALL_HAUL'}`)}
            </dd>
          </>
        ) : null}
        {data.xMilesFixedBonus > 0 ? (
          <>
            <dt className="text-slate-400">{t('item.milesAtOnce')}</dt>
            <dd>{data.xMilesFixedBonus.toLocaleString()}</dd>
          </>
        ) : null}
        {data.bonusDays > 0 ? (
          <>
            <dt className="text-slate-400">{t('item.milesOverTime')}</dt>
            <dd>{t('item.milesOverTimeValue', { perDay: data.milesPerDayBonus, perHour: data.milesPerFlightHourBonus, days: data.bonusDays })}</dd>
          </>
        ) : null}
        <dt className="text-slate-400">{t('item.price')}</dt>
        <dd>
          <Price currency={data.currency} amount={data.price} />
        </dd>
      </dl>
      {bought ? (
        <Alert tone="success">
          {t('cart.bought')} <TextLink to="/inventory">{t('cart.seeInventory')}</TextLink>
        </Alert>
      ) : null}
      {isPilotItem ? (
        <div className="flex items-end gap-3">
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('inventory.quantity')}
            <input
              type="number"
              min={1}
              max={max}
              value={quantity}
              onChange={(e) => setQuantity(Math.max(1, Math.min(max, Number(e.target.value) || 1)))}
              className="w-24 rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-white"
            />
          </label>
          <Button onClick={buy} disabled={order.isPending || data.stock === 0 || (data.currency === 'EUR' && !mayPayByCard)}>
            {data.currency === 'MFC' ? t('cart.payFc') : t('cart.payCard')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-300">{t('items.forAirline')}</p>
      )}
      <TextLink to="/store">{t('checkout.backToStore')}</TextLink>
    </article>
  );
};
