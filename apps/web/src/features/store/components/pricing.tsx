import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionCode, SubscriptionType } from '@contrail/domain/store/item-types';
import { FREEMIUM_OPEN_LOGS } from '@contrail/domain/flight-api/pilot-tier';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import type { AppMode } from '../../../lib/app-mode';
import { handleError } from '../../../lib/handle-error';
import { isPremium } from '../../../lib/tiers';
import { useClientPortal } from '../api/get-client-portal';
import { useSubscriptions } from '../api/get-subscriptions';
import { openCheckout } from '../api/open-checkout';
import { useSubscribe } from '../api/subscribe';
import { Price } from './price';
import { useMayPayByCard } from './may-pay-by-card';

const CODES_BY_MODE: Record<AppMode, readonly SubscriptionCode[]> = {
  pilot: ['DISCOVER', 'SILVER', 'GOLD'],
  airline_manager: ['AIRLINE_MANAGER'],
};
const BILLING: readonly SubscriptionType[] = ['MONTHLY', 'ANNUAL', 'FOREVER'];

/** What each pilot tier gets (docs/decisions/0047-pilot-tier-rules.md), said before the plans. */
const PilotTiers = () => {
  const { t } = useTranslation('store');
  return (
    <section aria-labelledby="pilot-tiers" className="rounded-lg border border-slate-700 bg-slate-800 p-4">
      <h2 id="pilot-tiers" className="mb-2 text-base font-semibold text-white">
        {t('pricing.tiers.title')}
      </h2>
      <dl className="grid grid-cols-1 gap-3 text-sm md:grid-cols-2">
        <div>
          <dt className="font-semibold text-white">{t('pricing.tiers.freemium')}</dt>
          <dd className="text-slate-200">{t('pricing.tiers.freemiumRules', { count: FREEMIUM_OPEN_LOGS })}</dd>
        </div>
        <div>
          <dt className="font-semibold text-white">{t('pricing.tiers.gold')}</dt>
          <dd className="text-slate-200">{t('pricing.tiers.goldRules')}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-300">{t('pricing.tiers.saved')}</p>
    </section>
  );
};

/** The pricing page: monthly, annual with its saving, or once for ever. */
export const Pricing = ({ user, mode }: { user: TUserInformation; mode: AppMode }) => {
  const { t } = useTranslation('store');
  const [billing, setBilling] = useState<SubscriptionType>('MONTHLY');
  const plans = useSubscriptions();
  const subscribe = useSubscribe(user.id);
  const portal = useClientPortal(user.id);
  const mayPayByCard = useMayPayByCard();
  const held = new Set(user.subscriptions.map((s) => s.code));
  const bestSaving = Math.max(0, ...(plans.data ?? []).filter((p) => CODES_BY_MODE[mode].includes(p.code)).map((p) => p.savingPercent));
  const shown = (plans.data ?? []).filter((p) => CODES_BY_MODE[mode].includes(p.code) && p.type === billing);

  const managePortal = () =>
    portal.mutate(undefined, {
      onSuccess: (links) => {
        const url = mode === 'airline_manager' ? links.airlineManager : links.pilot;
        if (url) openCheckout(url);
      },
      onError: handleError,
    });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-200">
        {isPremium(user, mode) ? t('pricing.premium') : mode === 'airline_manager' ? t('pricing.introAirline') : t('pricing.introPilot')}
      </p>
      {mode === 'pilot' ? <PilotTiers /> : null}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 text-sm text-slate-300">{t('pricing.billing')}</legend>
        {BILLING.map((value) => (
          <label
            key={value}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-2 text-sm',
              billing === value ? 'border-sky-400 bg-slate-800 text-white' : 'border-slate-600 text-slate-200',
            )}
          >
            <input type="radio" name="billing" value={value} checked={billing === value} onChange={() => setBilling(value)} className="mr-2" />
            {t(`billing.${value}`)}
            {value === 'ANNUAL' && bestSaving > 0 ? ` (${t('pricing.saveUpTo', { percent: bestSaving })})` : ''}
          </label>
        ))}
      </fieldset>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {shown.map((plan) => (
          <li key={plan.id} className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-800 p-4" aria-label={t(`plans.${plan.code}.name`)}>
            <h2 className="text-lg font-semibold text-white">{t(`plans.${plan.code}.name`)}</h2>
            <p className="text-sm text-slate-300">{t(`plans.${plan.code}.description`)}</p>
            <p>
              <Price currency="EUR" amount={plan.price} /> <span className="text-sm text-slate-300">{t(`per.${plan.type}`)}</span>
            </p>
            {plan.savingPercent > 0 ? <p className="text-sm text-emerald-300">{t('pricing.saving', { percent: plan.savingPercent })}</p> : null}
            {held.has(plan.code) ? (
              <p className="text-sm font-semibold text-emerald-300">{t('pricing.current')}</p>
            ) : (
              <Button
                disabled={subscribe.isPending || !mayPayByCard}
                onClick={() => subscribe.mutate(plan.id, { onSuccess: (session) => openCheckout(session.sessionUrl), onError: handleError })}
              >
                {t('pricing.subscribe')}
                <span className="sr-only">
                  : {t(`plans.${plan.code}.name`)}, {t(`billing.${plan.type}`)}
                </span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {held.size > 0 ? (
        <Button variant="secondary" onClick={managePortal} disabled={portal.isPending} className="self-start">
          {t('pricing.manage')}
        </Button>
      ) : null}
    </div>
  );
};
