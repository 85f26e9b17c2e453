import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/handle-error';
import { useCreateRoute, useRoutes, useSetRecruitment, type TAirline } from '../api/airline-mgr';
import { useRanks } from '../api/airline-ranks';
import { constraintInWords, MAX_CAREER_LEVEL, MIN_CAREER_LEVEL, routeConstraints, type TConstraintProblem } from '../lib/route-constraints';
import { selectClasses } from './page-nav';
import { canInAirline } from '../lib/airline-access';
import { AirlineRouteItem, PlaneCategoryField, ROUTE_TIME_PATTERN, type CATEGORIES } from './airline-route-item';
import { PhpvmsImport } from './phpvms-import';
import { AirlineWebhooks } from './airline-webhooks';


/** Recruitment, the routes (listed, and a new one from a hub, times in 24-hour UTC), and the owner's import from phpVMS. */
export const AirlineConfiguration = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const routes = useRoutes(airline.id);
  const ranks = useRanks(airline.id);
  const rankItems = ranks.data?.items ?? [];
  const [constraintProblem, setConstraintProblem] = useState<TConstraintProblem | null>(null);
  const createRoute = useCreateRoute(airline.id);
  const recruitment = useSetRecruitment(airline.id);
  const [destinations, setDestinations] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (field: string) => {
      const value = form.get(field);
      return typeof value === 'string' ? value : '';
    };
    const chosen = routeConstraints({ minRankId: text('minRankId'), maxRankId: text('maxRankId'), careerLevel: text('careerLevel') }, rankItems);
    if ('problem' in chosen) {
      setConstraintProblem(chosen.problem);
      return;
    }
    setConstraintProblem(null);
    createRoute.mutate({
      name: text('name'),
      destinations: destinations.split(/[\s,]+/).filter(Boolean).map((ident) => ident.toUpperCase()),
      planeCategory: text('planeCategory') as (typeof CATEGORIES)[number],
      departureTime: text('departureTime'),
      arrivalTime: text('arrivalTime'),
      constraints: chosen.constraints,
    });
  };
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const routeLine = (route: NonNullable<typeof routes.data>['items'][number]) => {
    const line = t('configuration.route', { name: route.name, destinations: route.destinations.join(' → '), departure: route.departureTime, arrival: route.arrivalTime, category: t(`category.${route.planeCategory}`) });
    const rules = [...route.airlineConstraints, ...route.externalConstraints].map((constraint) => constraintInWords(constraint, rankItems, t));
    return rules.length === 0 ? line : t('configuration.routeWithConstraints', { route: line, constraints: listFormat.format(rules) });
  };
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="recruitment" className="flex flex-col gap-2">
        <h2 id="recruitment" className="text-lg font-semibold text-slate-50">
          {t('configuration.recruitment')}
        </h2>
        <CheckboxField
          label={t('configuration.recruitmentOpened')}
          checked={airline.recruitmentOpened}
          disabled={recruitment.isPending || !(airline.isOwner || airline.isAdmin)}
          onChange={(event) => recruitment.mutate(event.target.checked)}
        />
      </section>
      <section aria-labelledby="routes" className="flex flex-col gap-2">
        <h2 id="routes" className="text-lg font-semibold text-slate-50">
          {t('configuration.routes')}
        </h2>
        {routes.isPending ? <p role="status">{t('common:loading')}</p> : null}
        {routes.isError ? <Alert tone="error">{errorMessage(routes.error)}</Alert> : null}
        {routes.data?.items.length === 0 ? <p className="text-sm text-slate-200">{t('configuration.noRoute')}</p> : null}
        <ul className="flex flex-col gap-1 text-sm">
          {routes.data?.items.map((route) => (
            <AirlineRouteItem key={route.id} airlineId={airline.id} route={route} line={routeLine(route)} mayManage={canInAirline(airline, 'airline.route.manage')} />
          ))}
        </ul>
        <form onSubmit={submit} className="mt-2 flex flex-col gap-3" aria-labelledby="new-route">
          <h3 id="new-route" className="font-semibold text-slate-50">
            {t('configuration.newRoute')}
          </h3>
          {createRoute.isSuccess ? <Alert tone="success">{t('configuration.routeCreated')}</Alert> : null}
          <TextField name="name" label={t('configuration.routeName')} required maxLength={60} />
          <TextField label={t('configuration.destinations')} hint={t('configuration.destinationsHint')} required value={destinations} onChange={(event) => setDestinations(event.target.value)} />
          <PlaneCategoryField defaultValue={airline.planeCategory} />
          <TextField name="departureTime" label={t('configuration.departureTime')} hint={t('configuration.timeHint')} required pattern={ROUTE_TIME_PATTERN} placeholder="08:00" />
          <TextField name="arrivalTime" label={t('configuration.arrivalTime')} hint={t('configuration.timeHint')} required pattern={ROUTE_TIME_PATTERN} placeholder="09:15" />
          <fieldset className="flex flex-col gap-3 rounded-md border border-slate-700 p-3">
            <legend className="px-1 text-sm font-medium text-slate-100">{t('configuration.constraints')}</legend>
            {ranks.isError ? <Alert tone="error">{errorMessage(ranks.error)}</Alert> : null}
            {(['minRankId', 'maxRankId'] as const).map((field) => (
              <label key={field} className="flex flex-col gap-1 text-sm font-medium text-slate-100">
                {t(`configuration.${field}`)}
                <select name={field} className={selectClasses} defaultValue="" aria-invalid={constraintProblem === 'rankOrder' || undefined} aria-describedby={constraintProblem === 'rankOrder' ? 'route-rank-order' : undefined}>
                  <option value="">{t('configuration.anyRank')}</option>
                  {rankItems.map((rank) => (
                    <option key={rank.id} value={rank.id}>
                      {rank.name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            {constraintProblem === 'rankOrder' ? (
              <p id="route-rank-order" role="alert" className="text-sm text-red-300">
                {t('configuration.constraintError.rankOrder')}
              </p>
            ) : null}
            <TextField
              name="careerLevel"
              type="number"
              inputMode="numeric"
              min={MIN_CAREER_LEVEL}
              max={MAX_CAREER_LEVEL}
              step={1}
              label={t('configuration.minCareerLevel')}
              hint={t('configuration.minCareerLevelHint', { min: MIN_CAREER_LEVEL, max: MAX_CAREER_LEVEL })}
              error={constraintProblem === 'careerLevel' ? t('configuration.constraintError.careerLevel', { min: MIN_CAREER_LEVEL, max: MAX_CAREER_LEVEL }) : undefined}
              className="w-48"
            />
          </fieldset>
          <Button type="submit" disabled={createRoute.isPending} className="self-start">
            {t('configuration.createRoute')}
          </Button>
        </form>
      </section>
      <PhpvmsImport airline={airline} />
      <AirlineWebhooks airline={airline} />
    </div>
  );
};
