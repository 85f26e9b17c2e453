import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { MyBookings } from '../../features/airline-flights/components/my-bookings';
import { RouteBoard } from '../../features/airline-flights/components/route-board';
import { useCurrentUser } from '../../lib/auth';

/** /flight/va/{airlineId}: the airline's routes from where the pilot stands; book a plane, then fly it. */
export const Component = () => {
  const { t } = useTranslation('airlinePilot');
  const { airlineId = '' } = useParams();
  const user = useCurrentUser();
  const here = user?.lastLocation?.ident ?? null;
  return (
    <Panel title={t('routes.title')} className="mx-auto max-w-3xl">
      <div className="flex flex-col gap-6">
        {!user ? <p role="status">{t('common:loading')}</p> : null}
        {user && here === null ? (
          <Alert tone="info">
            {t('routes.noLocation')} <TextLink to="/pilot/career">{t('routes.startCareer')}</TextLink>
          </Alert>
        ) : null}
        {here !== null ? (
          <section aria-labelledby="routes-from" className="flex flex-col gap-2">
            <h2 id="routes-from" className="text-lg font-semibold text-slate-50">
              {t('routes.from', { ident: here })}
            </h2>
            <RouteBoard airlineId={airlineId} fromIdent={here} />
          </section>
        ) : null}
        <MyBookings />
      </div>
    </Panel>
  );
};
