import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useAirline, useBankruptcy, type TAirline } from '../api/airline-mgr';
import { canInAirline } from '../lib/airline-access';
import { useCurrentUser } from '../../../lib/auth';
import { isPremium } from '../../../lib/tiers';
import { currentAirline, useCurrentAirlineId } from '../lib/current-airline';
import { AirlineFailure } from './airline-failure';

/**
 * An airline-manager page: without a current airline it goes back to
 * /airline-mgr; a FAILED airline shows what happened instead of the page.
 */
export const ManagedAirlinePage = ({ title, children }: { title: string; children: (airline: TAirline) => ReactNode }) => {
  const { t } = useTranslation('airlineMgr');
  const airlineId = useCurrentAirlineId();
  const airline = useAirline(airlineId ?? '');
  const bankruptcy = useBankruptcy(airline.data?.state === 'ACTIVE' ? airline.data.id : '');
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (airlineId === null) return <Navigate to="/airline-mgr" replace />;
  // An owner whose airline subscription lapsed goes back to /airline-mgr, where the gate says so.
  if (airline.data?.isOwner && user && !isPremium(user, 'airline_manager')) return <Navigate to="/airline-mgr" replace />;
  return (
    <Panel title={airline.data ? `${title} · ${airline.data.name}` : title} className="mx-auto max-w-5xl">
      <nav aria-label={t('nav.label')} className="mb-4 flex flex-wrap gap-4 text-sm">
        <TextLink to="/airline-mgr/dashboard">{t('nav.dashboard')}</TextLink>
        <TextLink to="/airline-mgr/member">{t('nav.members')}</TextLink>
        <TextLink to="/airline-mgr/finance">{t('nav.finance')}</TextLink>
        <TextLink to="/airline-mgr/configuration">{t('nav.configuration')}</TextLink>
        <TextLink to="/airline-mgr/items">{t('nav.items')}</TextLink>
        <TextLink to="/airline-mgr/store">{t('nav.store')}</TextLink>
        {airline.data && canInAirline(airline.data, 'airline.flight.review') ? <TextLink to="/airline-mgr/flight-review">{t('flightReview:nav.airline')}</TextLink> : null}
        <TextLink to="/airline-mgr">{t('nav.switch')}</TextLink>
      </nav>
      {airline.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {airline.isError ? <Alert tone="error">{errorMessage(airline.error)}</Alert> : null}
      {airline.data?.state === 'FAILED' ? (
        // A FAILED airline opens the bankruptcy screen itself, whichever page was asked for.
        <AirlineFailure
          airline={airline.data}
          onGone={(next) => {
            currentAirline.set(next?.id ?? null);
            void navigate(next ? '/airline-mgr/dashboard' : '/airline-mgr');
          }}
        />
      ) : null}
      {bankruptcy.data && bankruptcy.data.nbFailedTransaction > 0 ? (
        <Alert tone="error">
          {t('dashboard.failedBanner', { count: bankruptcy.data.nbFailedTransaction, days: bankruptcy.data.dayLeft })}{' '}
          <TextLink to="/airline-mgr/finance">{t('dashboard.payNow')}</TextLink>
        </Alert>
      ) : null}
      {airline.data && airline.data.state !== 'FAILED' ? children(airline.data) : null}
    </Panel>
  );
};
