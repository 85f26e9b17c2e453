import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeItemText } from '../../../lib/catalogue-texts';
import { PILOT_ITEM_TYPES, type StoreItemType } from '@contrail/domain/store/item-types';
import type { TStoreItem } from '@contrail/domain/store/store-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { handleError } from '../../../lib/handle-error';
import { useItemCategories } from '../api/get-item-categories';
import { useItems } from '../api/get-items';
import { openCheckout } from '../api/open-checkout';
import { usePlaceOrder } from '../api/place-order';
import { BoosterPacks } from './booster-packs';
import { useMayPayByCard } from './may-pay-by-card';
import { Price } from './price';

const PILOT_TYPES = PILOT_ITEM_TYPES;
const selectClasses = 'rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white';

type CartLine = { item: TStoreItem; quantity: number };

/** The store: filters, the item grid, a cart paid with FC or by card, and booster packs. */
export const StoreCatalogue = ({ userId }: { userId: string }) => {
  const { t, i18n } = useTranslation('store');
  const [categoryId, setCategoryId] = useState('');
  const [type, setType] = useState<StoreItemType | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [cart, setCart] = useState<CartLine[]>([]);
  const [bought, setBought] = useState(false);
  const categories = useItemCategories();
  const items = useItems({ page, size: 12, categoryId: categoryId || undefined, type: type || undefined, search: search.trim() || undefined });
  const order = usePlaceOrder(userId);
  const mayPayByCard = useMayPayByCard();

  const add = (item: TStoreItem) => {
    setBought(false);
    setCart((lines) => {
      const existing = lines.find((l) => l.item.id === item.id);
      return existing ? lines.map((l) => (l.item.id === item.id ? { ...l, quantity: l.quantity + 1 } : l)) : [...lines, { item, quantity: 1 }];
    });
  };
  const remove = (itemId: string) => setCart((lines) => lines.filter((l) => l.item.id !== itemId));
  const currency = cart[0]?.item.currency;
  const isMixed = cart.some((l) => l.item.currency !== currency);
  const total = cart.reduce((sum, l) => sum + l.item.price * l.quantity, 0);

  const checkout = () => {
    if (!currency || isMixed) return;
    order.mutate(
      { items: cart.map((l) => ({ itemId: l.item.id, quantity: l.quantity })), payment: { type: currency === 'MFC' ? 'WALLET' : 'CARD' }, context: 'pilot' },
      {
        onSuccess: (result) => {
          if (result.checkout) return openCheckout(result.checkout.sessionUrl);
          setCart([]);
          setBought(true);
        },
        onError: handleError,
      },
    );
  };


  return (
    <div className="flex flex-col gap-6">
      <BoosterPacks userId={userId} />

      <section aria-labelledby="items-heading" className="flex flex-col gap-3">
        <h2 id="items-heading" className="text-lg font-semibold text-white">
          {t('items.title')}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('filters.category')}
            <select className={selectClasses} value={categoryId} onChange={(e) => { setCategoryId(e.target.value); setPage(0); }}>
              <option value="">{t('filters.all')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {t(`categories.${c.name}`, { defaultValue: c.name })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('filters.type')}
            <select className={selectClasses} value={type} onChange={(e) => { setType(e.target.value as StoreItemType | ''); setPage(0); }}>
              <option value="">{t('filters.all')}</option>
              {(['AIRCRAFT', 'HANGAR', 'MILES_BOOSTER', 'COSMETIC', 'LICENCE'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`types.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('filters.search')}
            <input type="search" className={selectClasses} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
          </label>
        </div>
        {items.isPending ? <p role="status">{t('common:loading')}</p> : null}
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
          {(items.data?.items ?? []).map((item) => {
            const isAirlineItem = !PILOT_TYPES.includes(item.typeName);
            const isSoldOut = item.stock === 0;
            const text = storeItemText(i18n, item);
            return (
              <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-800 p-4" aria-label={text.name}>
                <h3 className="font-semibold text-white">
                  <TextLink to={`/store/${item.id}`}>{text.name}</TextLink>
                </h3>
                <p className="text-xs text-slate-400">
                  {t(`types.${item.typeName}`)}
                  {item.aircraftIcao ? ` · ${item.aircraftIcao} · ${t(`planeCategories.${item.planeCategory ?? 'SMALL_HAUL'}`)}` : ''}
                  {item.hangarSize ? ` · ${t(`hangarSizes.${item.hangarSize}`)} · ${t(`rarity.${item.rarity ?? 'common'}`)}` : ''}
                </p>
                <p className="text-sm text-slate-300">{text.description}</p>
                <Price currency={item.currency} amount={item.price} />
                {item.stock !== null ? <p className="text-xs text-slate-400">{t('items.stock', { count: item.stock })}</p> : null}
                {isAirlineItem ? (
                  <p className="text-xs text-slate-300">{t('items.forAirline')}</p>
                ) : (
                  <Button variant="secondary" onClick={() => add(item)} disabled={isSoldOut}>
                    {isSoldOut ? t('items.soldOut') : t('items.addShort')}
                    <span className="sr-only">: {text.name}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {items.data && items.data.totalPages > 1 ? (
          <div className="flex items-center gap-3">
            <Button variant="ghost" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              {t('items.previous')}
            </Button>
            <span className="text-sm">{t('items.page', { page: page + 1, total: items.data.totalPages })}</span>
            <Button variant="ghost" disabled={page + 1 >= items.data.totalPages} onClick={() => setPage((p) => p + 1)}>
              {t('items.next')}
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="cart-heading" className="flex flex-col gap-3 rounded-lg border border-slate-700 p-4">
        <h2 id="cart-heading" className="text-lg font-semibold text-white">
          {t('cart.title')}
        </h2>
        {bought ? (
          <Alert tone="success">
            {t('cart.bought')} <TextLink to="/inventory">{t('cart.seeInventory')}</TextLink>
          </Alert>
        ) : null}
        {cart.length === 0 ? (
          <p className="text-sm text-slate-300">{t('cart.empty')}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {cart.map((line) => (
                <li key={line.item.id} className="flex items-center justify-between gap-3">
                  <span>
                    {storeItemText(i18n, line.item).name} × {line.quantity}
                  </span>
                  <Button variant="ghost" onClick={() => remove(line.item.id)}>
                    {t('cart.removeShort')}
                    <span className="sr-only">: {storeItemText(i18n, line.item).name}</span>
                  </Button>
                </li>
              ))}
            </ul>
            {isMixed ? <Alert tone="warning">{t('cart.mixed')}</Alert> : null}
            <p>
              {t('cart.total')} {currency ? <Price currency={currency} amount={total} /> : null}
            </p>
            <Button onClick={checkout} disabled={order.isPending || isMixed || (currency === 'EUR' && !mayPayByCard)}>
              {currency === 'MFC' ? t('cart.payFc') : t('cart.payCard')}
            </Button>
          </>
        )}
      </section>
    </div>
  );
};
