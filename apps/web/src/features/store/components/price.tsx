import { useTranslation } from 'react-i18next';
import type { PriceCurrency } from '@contrail/domain/store/item-types';

/** A price in FC or euros (cents), in the page's language. */
export const formatPrice = (language: string, currency: PriceCurrency, amount: number): string =>
  currency === 'MFC'
    ? `${new Intl.NumberFormat(language).format(amount)} FC`
    : new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount / 100);

export const Price = ({ currency, amount }: { currency: PriceCurrency; amount: number }) => {
  const { i18n } = useTranslation();
  return <span className="font-semibold text-amber-200">{formatPrice(i18n.language, currency, amount)}</span>;
};
