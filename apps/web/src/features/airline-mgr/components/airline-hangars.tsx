import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { storeItemText } from '../../../lib/catalogue-texts';
import type { TInventoryPage } from '@contrail/domain/store/store-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useAirlineInventory, type TAirline } from '../api/airline-mgr';
import { useCreateHangar, useHangarCost, useHangars } from '../api/airline-hangars';
import { canInAirline } from '../lib/airline-access';
import { PageNav, selectClasses } from './page-nav';

type HangarItem = TInventoryPage['items'][number];

/**
 * The airline's hangars, page by page: where, how big, which planes are in. Whoever may manage
 * hubs builds a new one from a hangar item at a hub, after seeing its licence and rent.
 */
export const AirlineHangars = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const titleId = useId();
  const [pageIndex, setPageIndex] = useState(0);
  const hangars = useHangars(airline.id, pageIndex);
  const canBuild = canInAirline(airline, 'airline.hub.manage');
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="text-lg font-semibold text-slate-50">
        {t('hangars.title')}
      </h2>
      {hangars.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {hangars.isError ? <Alert tone="error">{errorMessage(hangars.error)}</Alert> : null}
      {hangars.data?.items.length === 0 ? <p className="text-sm text-slate-200">{t('hangars.empty')}</p> : null}
      {hangars.data && hangars.data.items.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('hangars.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('hangars.airport')}</th>
              <th scope="col">{t('hangars.size')}</th>
              <th scope="col">{t('hangars.occupancy')}</th>
              <th scope="col">{t('hangars.planes')}</th>
              <th scope="col">{t('hangars.state')}</th>
            </tr>
          </thead>
          <tbody>
            {hangars.data.items.map((hangar) => (
              <tr key={hangar.id}>
                <td>{hangar.hub.airportIdent}</td>
                <td>{t(`hangars.sizes.${hangar.type}`)}</td>
                <td>{t('hangars.used', { used: hangar.occupations.length, capacity: hangar.capacity })}</td>
                <td>
                  {hangar.occupations.length === 0
                    ? t('hangars.noPlane')
                    : hangar.occupations.map((plane) => t('hangars.plane', { name: plane.planeName, model: plane.planeModel })).join(', ')}
                </td>
                <td>{t(`hubs.states.${hangar.state}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {hangars.data ? <PageNav label={t('hangars.pages')} pageIndex={pageIndex} totalPages={hangars.data.totalPages} onPage={setPageIndex} /> : null}
      {canBuild ? <BuyHangar airline={airline} /> : null}
    </section>
  );
};

/** Pick a hub and a hangar item, read the cost at that airport, then confirm. */
const BuyHangar = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const titleId = useId();
  const confirmId = useId();
  const inventory = useAirlineInventory(airline.id);
  const create = useCreateHangar(airline.id);
  const hubs = airline.hubs.filter((hub) => hub.state === 'ACTIVE');
  const items: HangarItem[] = inventory.data?.items.filter((item) => item.typeName === 'HANGAR' && !item.converted && item.hangarSize !== null) ?? [];
  const [hubId, setHubId] = useState(hubs.find((hub) => hub.isMain)?.id ?? hubs[0]?.id ?? '');
  const [itemId, setItemId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const item = items.find((candidate) => candidate.id === itemId) ?? items[0];
  const hub = hubs.find((candidate) => candidate.id === hubId);
  const cost = useHangarCost(airline.id, hub?.airport.ident ?? '', item?.hangarSize ?? undefined);
  const fc = (amount: number) => amount.toLocaleString(i18n.language);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cost.data) setConfirming(true);
  };
  const buy = () => {
    if (!hub || !item) return;
    create.mutate({ hubId: hub.id, itemId: item.id }, { onSettled: () => setConfirming(false), onSuccess: () => setItemId('') });
  };

  return (
    <form onSubmit={submit} aria-labelledby={titleId} className="mt-2 flex flex-col gap-3 rounded-md border border-slate-700 p-3">
      <h3 id={titleId} className="font-semibold text-slate-50">
        {t('hangars.buyTitle')}
      </h3>
      {create.isSuccess ? <Alert tone="success">{t('hangars.bought')}</Alert> : null}
      {inventory.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {inventory.isError ? <Alert tone="error">{errorMessage(inventory.error)}</Alert> : null}
      {hubs.length === 0 ? <p className="text-sm text-slate-200">{t('hangars.noHub')}</p> : null}
      {inventory.data && items.length === 0 ? (
        <p className="text-sm text-slate-200">
          {t('hangars.noItem')} <TextLink to="/airline-mgr/store">{t('items.toStore')}</TextLink>
        </p>
      ) : null}
      {hubs.length > 0 && item ? (
        <>
          <div className="flex flex-wrap gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
              {t('hangars.hub')}
              <select
                className={selectClasses}
                value={hubId}
                onChange={(event) => {
                  setHubId(event.target.value);
                  setConfirming(false);
                }}
              >
                {hubs.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {t('hubs.hub', { ident: candidate.airport.ident, name: candidate.airport.label })}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
              {t('hangars.item')}
              <select
                className={selectClasses}
                value={item.id}
                onChange={(event) => {
                  setItemId(event.target.value);
                  setConfirming(false);
                }}
              >
                {items.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {t('hangars.itemOption', { name: storeItemText(i18n, candidate).name, size: candidate.hangarSize ? t(`hangars.sizes.${candidate.hangarSize}`) : '' })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div aria-live="polite" className="text-sm text-slate-100">
            {cost.isFetching && !cost.data ? <p>{t('hangars.costLoading')}</p> : null}
            {cost.data ? <p>{t('hangars.cost', { ident: cost.data.airportIdent, licence: fc(cost.data.licenceCost), operating: fc(cost.data.operatingCost) })}</p> : null}
          </div>
          {cost.isError ? <Alert tone="error">{errorMessage(cost.error)}</Alert> : null}
          {confirming && cost.data ? (
            <div role="alertdialog" aria-labelledby={confirmId} className="flex flex-col gap-2 rounded-md border border-amber-400 p-3">
              <p id={confirmId} className="text-sm text-slate-100">
                {t('hangars.confirm', { size: item.hangarSize ? t(`hangars.sizes.${item.hangarSize}`) : '', ident: cost.data.airportIdent, licence: fc(cost.data.licenceCost), operating: fc(cost.data.operatingCost) })}
              </p>
              <div className="flex gap-2">
                <Button disabled={create.isPending} onClick={buy}>
                  {t('hangars.confirmOk')}
                </Button>
                <Button variant="secondary" autoFocus onClick={() => setConfirming(false)}>
                  {t('cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button type="submit" className="self-start" disabled={!cost.data || create.isPending}>
              {t('hangars.buy')}
            </Button>
          )}
        </>
      ) : null}
    </form>
  );
};
