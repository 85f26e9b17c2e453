import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeItemText } from '../../../lib/catalogue-texts';
import { useUserInventory } from '../api/get-inventory';

/** The pilot's items, newest first, searchable. */
export const InventoryList = ({ userId }: { userId: string }) => {
  const { t, i18n } = useTranslation('store');
  const [search, setSearch] = useState('');
  const inventory = useUserInventory(userId, { page: 0, size: 50, search: search.trim() || undefined });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <div className="flex flex-col gap-3">
      <label className="flex max-w-sm flex-col gap-1 text-sm text-slate-200">
        {t('filters.search')}
        <input type="search" className="rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-white" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {inventory.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {inventory.data && inventory.data.items.length === 0 ? <p>{t('inventory.empty')}</p> : null}
      {inventory.data && inventory.data.items.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('inventory.title')}</caption>
          <thead>
            <tr className="text-slate-300">
              <th scope="col">{t('inventory.name')}</th>
              <th scope="col">{t('inventory.type')}</th>
              <th scope="col">{t('inventory.quantity')}</th>
              <th scope="col">{t('inventory.acquired')}</th>
            </tr>
          </thead>
          <tbody>
            {inventory.data.items.map((item) => (
              <tr key={item.id} className="border-t border-slate-700">
                <td className="py-2">
                  {storeItemText(i18n, item).name}
                  {item.converted ? <span className="ml-2 text-xs text-slate-400">{t('inventory.converted')}</span> : null}
                </td>
                <td>{t(`types.${item.typeName}`)}</td>
                <td>{item.quantity}</td>
                <td>{date.format(new Date(item.createdAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
};
