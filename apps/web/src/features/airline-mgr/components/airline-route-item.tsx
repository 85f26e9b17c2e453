import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ZRoute } from '@contrail/domain/airline/airline-contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useDeleteRoute, useUpdateRoute } from '../api/airline-manage';
import { selectClasses } from './page-nav';

type TRoute = z.infer<typeof ZRoute>;

export const CATEGORIES = ['SMALL_HAUL', 'MEDIUM_HAUL', 'LARGE_HAUL', 'CARGO'] as const;
/** A route's times, HH:mm in UTC. */
export const ROUTE_TIME_PATTERN = '([01]\\d|2[0-3]):[0-5]\\d';

/** The plane category of a route, in the new-route form and in a route's edit form. */
export const PlaneCategoryField = ({ defaultValue }: { defaultValue: (typeof CATEGORIES)[number] }) => {
  const { t } = useTranslation('airlineMgr');
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
      {t('form.category')}
      <select name="planeCategory" className={selectClasses} defaultValue={defaultValue}>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`category.${category}`)}
          </option>
        ))}
      </select>
    </label>
  );
};

/** One route with, for those who manage routes, its editing (name, category, times) and its deletion behind a confirmation. */
export const AirlineRouteItem = ({ airlineId, route, line, mayManage }: { airlineId: string; route: TRoute; line: string; mayManage: boolean }) => {
  const { t } = useTranslation('airlineMgr');
  const update = useUpdateRoute(airlineId);
  const remove = useDeleteRoute(airlineId);
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (field: string) => {
      const value = form.get(field);
      return typeof value === 'string' ? value : '';
    };
    update.mutate(
      { routeId: route.id, body: { name: text('name'), planeCategory: text('planeCategory') as (typeof CATEGORIES)[number], departureTime: text('departureTime'), arrivalTime: text('arrivalTime') } },
      { onSuccess: () => setMode('view') },
    );
  };
  return (
    <li className="flex flex-col gap-2">
      <span className="flex flex-wrap items-center gap-2">
        <span>{line}</span>
        {mayManage && mode === 'view' ? (
          <>
            <Button variant="secondary" aria-label={t('manage.route.editNamed', { name: route.name })} onClick={() => setMode('edit')}>
              {t('manage.route.edit')}
            </Button>
            <Button variant="secondary" aria-label={t('manage.route.deleteNamed', { name: route.name })} onClick={() => setMode('delete')}>
              {t('manage.route.delete')}
            </Button>
          </>
        ) : null}
      </span>
      {mode === 'delete' ? (
        <span role="alertdialog" aria-labelledby={`delete-route-${route.id}`} className="flex flex-wrap items-center gap-2">
          <span id={`delete-route-${route.id}`}>{t('manage.route.confirmDelete', { name: route.name })}</span>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(route.id)}>
            {t('members.confirmOk')}
          </Button>
          <Button variant="secondary" autoFocus onClick={() => setMode('view')}>
            {t('members.confirmCancel')}
          </Button>
        </span>
      ) : null}
      {mode === 'edit' ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2 rounded-md border border-slate-600 p-3" aria-label={t('manage.route.editNamed', { name: route.name })}>
          <TextField name="name" label={t('configuration.routeName')} required maxLength={60} defaultValue={route.name} />
          <PlaneCategoryField defaultValue={route.planeCategory} />
          <TextField name="departureTime" label={t('configuration.departureTime')} required pattern={ROUTE_TIME_PATTERN} defaultValue={route.departureTime} className="w-28" />
          <TextField name="arrivalTime" label={t('configuration.arrivalTime')} required pattern={ROUTE_TIME_PATTERN} defaultValue={route.arrivalTime} className="w-28" />
          <Button type="submit" disabled={update.isPending}>
            {t('manage.route.save')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setMode('view')}>
            {t('cancel')}
          </Button>
        </form>
      ) : null}
    </li>
  );
};
