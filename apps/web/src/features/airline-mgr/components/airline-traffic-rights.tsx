import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZCreateTrafficRightRequest } from '@contrail/domain/airline/airline-contract';
import { canRenewTrafficRight } from '@contrail/domain/economy/airline-economy';
import { TRAFFIC_RIGHT_VALIDITY_MONTHS } from '@contrail/domain/economy/airline-economy-constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/handle-error';
import type { TAirline } from '../api/airline-mgr';
import { useCreateTrafficRight, useRenewTrafficRight, useSetTrafficRightAutoRenew, useTrafficRightCost, useTrafficRights } from '../api/airline-traffic-rights';
import { canInAirline } from '../lib/airline-access';
import { PageNav } from './page-nav';

/**
 * The airline's traffic rights, page by page: the country, when the right ends, whether it renews
 * by itself. Whoever may manage them renews one (in its last month), switches auto-renewal, and
 * buys a new one for a country once its cost is shown.
 */
export const AirlineTrafficRights = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const titleId = useId();
  const [pageIndex, setPageIndex] = useState(0);
  const rights = useTrafficRights(airline.id, pageIndex);
  const renew = useRenewTrafficRight(airline.id);
  const autoRenew = useSetTrafficRightAutoRenew(airline.id);
  const canManage = canInAirline(airline, 'airline.traffic-right.renew');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { timeZone: 'UTC', dateStyle: 'long' });
  const now = new Date();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="text-lg font-semibold text-slate-50">
        {t('trafficRights.title')}
      </h2>
      {rights.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {rights.isError ? <Alert tone="error">{errorMessage(rights.error)}</Alert> : null}
      {renew.isSuccess ? <Alert tone="success">{t('trafficRights.renewed')}</Alert> : null}
      {rights.data?.items.length === 0 ? <p className="text-sm text-slate-200">{t('trafficRights.empty')}</p> : null}
      {rights.data && rights.data.items.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('trafficRights.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trafficRights.country')}</th>
              <th scope="col">{t('trafficRights.endDate')}</th>
              <th scope="col">{t('trafficRights.state')}</th>
              <th scope="col">{t('trafficRights.autoRenew')}</th>
              {canManage ? <th scope="col">{t('trafficRights.renewal')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rights.data.items.map((right) => {
              const country = t('trafficRights.countryName', { name: right.countryName, iso: right.isoCountry });
              const isRenewable = canRenewTrafficRight(new Date(right.endDate), now);
              return (
                <tr key={right.isoCountry}>
                  <td>{country}</td>
                  <td>{date(right.endDate)}</td>
                  <td>{t(`hubs.states.${right.state}`)}</td>
                  <td>
                    {canManage ? (
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-sky-500"
                        checked={right.autoRenew}
                        disabled={autoRenew.isPending}
                        aria-label={t('trafficRights.autoRenewNamed', { country })}
                        onChange={(event) => autoRenew.mutate({ iso: right.isoCountry, autoRenew: event.target.checked })}
                      />
                    ) : right.autoRenew ? (
                      t('trafficRights.yes')
                    ) : (
                      t('trafficRights.no')
                    )}
                  </td>
                  {canManage ? (
                    <td>
                      <div className="flex flex-col gap-1 py-1">
                        <Button
                          variant="secondary"
                          className="self-start"
                          disabled={renew.isPending || !isRenewable}
                          aria-label={t('trafficRights.renewNamed', { country })}
                          aria-describedby={isRenewable ? undefined : `${titleId}-${right.isoCountry}-why`}
                          onClick={() => renew.mutate(right.isoCountry)}
                        >
                          {t('trafficRights.renew')}
                        </Button>
                        {isRenewable ? null : (
                          <span id={`${titleId}-${right.isoCountry}-why`} className="text-xs text-slate-300">
                            {t('trafficRights.renewLater')}
                          </span>
                        )}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {rights.data ? <PageNav label={t('trafficRights.pages')} pageIndex={pageIndex} totalPages={rights.data.totalPages} onPage={setPageIndex} /> : null}
      {canManage ? <AcquireTrafficRight airline={airline} /> : null}
    </section>
  );
};

/** A country's ISO code, its cost read first, then the purchase. */
const AcquireTrafficRight = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const titleId = useId();
  const [iso, setIso] = useState('');
  const [quotedIso, setQuotedIso] = useState('');
  const [isoError, setIsoError] = useState<string | undefined>(undefined);
  const cost = useTrafficRightCost(airline.id, quotedIso);
  const create = useCreateTrafficRight(airline.id);
  const fc = (amount: number) => amount.toLocaleString(i18n.language);

  const quote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZCreateTrafficRightRequest.safeParse({ isoCountry: iso });
    if (!parsed.success || !/^[A-Za-z]{2}$/.test(parsed.data.isoCountry)) {
      setIsoError(t('trafficRights.isoError'));
      return;
    }
    setIsoError(undefined);
    create.reset();
    setQuotedIso(parsed.data.isoCountry.toUpperCase());
  };
  const buy = () =>
    create.mutate(quotedIso, {
      onSuccess: () => {
        setQuotedIso('');
        setIso('');
      },
    });

  return (
    <form onSubmit={quote} noValidate aria-labelledby={titleId} className="mt-2 flex flex-col gap-3 rounded-md border border-slate-700 p-3">
      <h3 id={titleId} className="font-semibold text-slate-50">
        {t('trafficRights.buyTitle')}
      </h3>
      {create.isSuccess ? <Alert tone="success">{t('trafficRights.bought')}</Alert> : null}
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('trafficRights.iso')}
          hint={t('trafficRights.isoHint')}
          required
          maxLength={2}
          autoComplete="off"
          value={iso}
          error={isoError}
          onChange={(event) => {
            setIso(event.target.value.toUpperCase());
            setQuotedIso('');
          }}
          className="w-40"
        />
        <Button type="submit" variant="secondary" disabled={iso.trim() === '' || cost.isFetching}>
          {t('trafficRights.quote')}
        </Button>
      </div>
      {cost.isError ? <Alert tone="error">{errorMessage(cost.error)}</Alert> : null}
      <div aria-live="polite">
        {cost.isFetching ? <p>{t('common:loading')}</p> : null}
        {cost.data && quotedIso !== '' ? (
          <div role="group" aria-labelledby={`${titleId}-cost`} className="flex flex-col gap-2 rounded-md border border-amber-400 p-3">
            <p id={`${titleId}-cost`} className="text-sm text-slate-100">
              {t('trafficRights.cost', { iso: cost.data.isoCountry, licence: fc(cost.data.licenceCost), months: TRAFFIC_RIGHT_VALIDITY_MONTHS })}
            </p>
            <div className="flex gap-2">
              <Button disabled={create.isPending} onClick={buy}>
                {t('trafficRights.buy')}
              </Button>
              <Button variant="secondary" onClick={() => setQuotedIso('')}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </form>
  );
};
