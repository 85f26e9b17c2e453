import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { storeItemText } from '../../../lib/catalogue-texts';
import type { TInventoryPage } from '@contrail/domain/store/store-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useAirlineInventory, useBuildFromItem, type TAirline } from '../api/airline-mgr';
import { selectClasses } from './page-nav';
import { PlaneCostPreview } from './plane-cost-preview';

type InventoryItem = TInventoryPage['items'][number];

/** The airline's items: an aircraft becomes a plane at a hub (its cabin chosen), a hangar is built at a hub. */
export const AirlineItems = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const inventory = useAirlineInventory(airline.id);
  const build = useBuildFromItem(airline.id);
  const waiting = inventory.data?.items.filter((item) => !item.converted && (item.typeName === 'AIRCRAFT' || item.typeName === 'HANGAR')) ?? [];
  return (
    <div className="flex flex-col gap-3">
      {build.isSuccess ? <Alert tone="success">{t('items.built')}</Alert> : null}
      {inventory.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {inventory.isError ? <Alert tone="error">{errorMessage(inventory.error)}</Alert> : null}
      {inventory.data && waiting.length === 0 ? (
        <p className="text-sm text-slate-200">
          {t('items.empty')} <TextLink to="/airline-mgr/store">{t('items.toStore')}</TextLink>
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {waiting.map((item) => (
          <li key={item.id} className="rounded-md border border-slate-600 p-3">
            <BuildForm airline={airline} item={item} isPending={build.isPending} onBuild={(request) => build.mutate(request)} />
          </li>
        ))}
      </ul>
    </div>
  );
};

type BuildRequest = Parameters<ReturnType<typeof useBuildFromItem>['mutate']>[0];

const BuildForm = ({ airline, item, isPending, onBuild }: { airline: TAirline; item: InventoryItem; isPending: boolean; onBuild: (request: BuildRequest) => void }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const [hubId, setHubId] = useState(airline.hubs.find((hub) => hub.isMain)?.id ?? airline.hubs[0]?.id ?? '');
  const [seats, setSeats] = useState({ eco: 150, business: 12, first: 0 });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const seats = (field: string) => Number(form.get(field) ?? 0);
    if (item.typeName === 'HANGAR') onBuild({ kind: 'hangar', body: { hubId, itemId: item.id } });
    else onBuild({ kind: 'plane', body: { itemId: item.id, aircraftIcao: item.aircraftIcao ?? '', hubId, configuration: { eco: seats('eco'), business: seats('business'), first: seats('first') } } });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={storeItemText(i18n, item).name}>
      <span className="w-full font-semibold text-slate-50">{storeItemText(i18n, item).name}</span>
      <label className="flex flex-col gap-1 text-sm text-slate-100">
        {t('items.hub')}
        <select className={selectClasses} value={hubId} onChange={(event) => setHubId(event.target.value)}>
          {airline.hubs.map((hub) => (
            <option key={hub.id} value={hub.id}>
              {hub.airport.ident}
            </option>
          ))}
        </select>
      </label>
      {item.typeName === 'AIRCRAFT' ? (
        <>
          {(['eco', 'business', 'first'] as const).map((cabin) => (
            <TextField
              key={cabin}
              name={cabin}
              type="number"
              min={0}
              max={{ eco: 900, business: 200, first: 50 }[cabin]}
              value={seats[cabin]}
              onChange={(event) => setSeats((current) => ({ ...current, [cabin]: Number(event.target.value) || 0 }))}
              label={t(`items.${cabin}`)}
              className="w-28"
            />
          ))}
          <PlaneCostPreview airline={airline} icao={item.aircraftIcao} seats={seats} />
        </>
      ) : null}
      <Button type="submit" disabled={isPending || hubId === ''}>
        {item.typeName === 'AIRCRAFT' ? t('items.buildPlane') : t('items.buildHangar')}
      </Button>
    </form>
  );
};
