import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { THub } from '@contrail/domain/airline/airline-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/handle-error';
import { useHub, useHubCost, useSetHubState, useSetMainHub } from '../api/airline-manage';
import { useOpenHub, type TAirline } from '../api/airline-mgr';
import { canInAirline } from '../lib/airline-access';

/**
 * The airline's hubs: the main one marked; the owner closes a hub (never the main
 * one), reopens it (free before its next due date, otherwise at a new licence, quoted before the
 * owner confirms), makes one the main hub, and opens a new hub after seeing its licence and rent.
 */
export const AirlineHubs = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const mayManage = canInAirline(airline, 'airline.hub.manage');
  const [deciding, setDeciding] = useState<string | null>(null);
  return (
    <section aria-labelledby="hubs" className="flex flex-col gap-2">
      <h2 id="hubs" className="text-lg font-semibold text-slate-50">
        {t('hubs.title')}
      </h2>
      <ul className="flex flex-col gap-2 text-sm">
        {airline.hubs.map((hub) => (
          <li key={hub.id} className="flex flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span>
                {hub.isMain ? t('hubs.main', { ident: hub.airport.ident, name: hub.airport.label }) : t('hubs.hub', { ident: hub.airport.ident, name: hub.airport.label })}
                {hub.state !== 'ACTIVE' ? ` · ${t(`hubs.states.${hub.state}`)}` : ''}
              </span>
              {mayManage && deciding !== hub.id ? (
                <Button variant="secondary" aria-label={t('manage.hub.manageNamed', { ident: hub.airport.ident })} onClick={() => setDeciding(hub.id)}>
                  {t('manage.hub.manage')}
                </Button>
              ) : null}
            </span>
            {deciding === hub.id ? <HubDecision airline={airline} hubId={hub.id} onDone={() => setDeciding(null)} /> : null}
          </li>
        ))}
      </ul>
      {mayManage ? <OpenHub airline={airline} /> : null}
    </section>
  );
};

/** What reopening this hub costs now: nothing before its next due date, else the airport's licence. */
export const reopenCostOf = (hub: Pick<THub, 'nextDtOfPayment'>, licenceCost: number, nowMs: number): number =>
  hub.nextDtOfPayment !== null && new Date(hub.nextDtOfPayment).getTime() > nowMs ? 0 : licenceCost;

/** One hub's decisions, from its fresh state (GET /airline/{id}/hub/{hubId}). */
const HubDecision = ({ airline, hubId, onDone }: { airline: TAirline; hubId: string; onDone: () => void }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const hub = useHub(airline.id, hubId);
  const cost = useHubCost(hub.data?.state === 'CLOSED' ? hub.data.airport.ident : '', airline.gameDifficulty);
  const setState = useSetHubState(airline.id);
  const setMain = useSetMainHub(airline.id);
  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const data = hub.data;
  const reopenCost = data && cost.data ? reopenCostOf(data, cost.data.licenceCost, Date.now()) : null;
  return (
    <div role="group" aria-label={t('manage.hub.decisions', { ident: data?.airport.ident ?? '' })} className="flex flex-col gap-2 rounded-md border border-slate-600 p-3">
      {hub.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {hub.isError ? <Alert tone="error">{errorMessage(hub.error)}</Alert> : null}
      {data ? (
        <>
          <p>
            {t('manage.hub.rent', { fc: number.format(data.operatingCost) })}{' '}
            {data.nextDtOfPayment ? t('manage.hub.nextDue', { date: date.format(new Date(data.nextDtOfPayment)) }) : null}
          </p>
          {data.state === 'ACTIVE' ? (
            data.isMain ? (
              <p className="text-slate-300">{t('manage.hub.mainCannotClose')}</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant="danger" disabled={setState.isPending} onClick={() => setState.mutate({ hubId, state: 'CLOSED' }, { onSuccess: onDone })}>
                  {t('manage.hub.close')}
                </Button>
                <Button variant="secondary" disabled={setMain.isPending} onClick={() => setMain.mutate(hubId, { onSuccess: onDone })}>
                  {t('manage.hub.makeMain')}
                </Button>
              </div>
            )
          ) : null}
          {data.state === 'CLOSED' ? (
            <>
              {cost.isPending ? <p role="status">{t('manage.hub.quoting')}</p> : null}
              {cost.isError ? <Alert tone="error">{errorMessage(cost.error)}</Alert> : null}
              {reopenCost !== null ? (
                <p role="status">{reopenCost === 0 ? t('manage.hub.reopenFree') : t('manage.hub.reopenCost', { fc: number.format(reopenCost) })}</p>
              ) : null}
              <Button className="self-start" disabled={reopenCost === null || setState.isPending} onClick={() => setState.mutate({ hubId, state: 'ACTIVE' }, { onSuccess: onDone })}>
                {reopenCost ? t('manage.hub.reopenPaying', { fc: number.format(reopenCost) }) : t('manage.hub.reopen')}
              </Button>
            </>
          ) : null}
          {data.state === 'SUSPENDED' ? <p>{t('manage.hub.suspended')}</p> : null}
        </>
      ) : null}
      <Button variant="secondary" className="self-start" onClick={onDone}>
        {t('cancel')}
      </Button>
    </div>
  );
};

/** A new hub: its licence and monthly rent are shown as the code is typed, before the owner pays. */
const OpenHub = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const openHub = useOpenHub(airline.id);
  const [ident, setIdent] = useState('');
  const code = ident.trim().toUpperCase();
  const quote = useHubCost(code, airline.gameDifficulty);
  const number = new Intl.NumberFormat(i18n.language);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    openHub.mutate(code, { onSuccess: () => setIdent('') });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-labelledby="open-hub">
      <h3 id="open-hub" className="w-full font-semibold text-slate-50">
        {t('hubs.open')}
      </h3>
      {openHub.isSuccess ? <Alert tone="success" className="w-full">{t('hubs.opened')}</Alert> : null}
      <TextField label={t('hubs.airport')} hint={t('hubs.airportHint')} required maxLength={8} value={ident} onChange={(event) => setIdent(event.target.value)} />
      <Button type="submit" disabled={openHub.isPending || code === '' || !quote.data}>
        {t('hubs.openButton')}
      </Button>
      <p role="status" className="w-full text-sm text-slate-200">
        {quote.data ? t('manage.hub.quote', { ident: quote.data.airportIdent, licence: number.format(quote.data.licenceCost), rent: number.format(quote.data.operatingCost), airlines: quote.data.nbAirline }) : null}
        {quote.isError && code.length >= 3 ? errorMessage(quote.error) : null}
      </p>
    </form>
  );
};
