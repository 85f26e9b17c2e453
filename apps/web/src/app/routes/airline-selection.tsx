import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { AirlineSelection } from '../../features/airline-mgr/components/airline-selection';
import { VerifyToPayNote } from '../../features/auth/components/verify-to-pay-note';
import { currentAirline } from '../../features/airline-mgr/lib/current-airline';
import { useCurrentUser } from '../../lib/auth';
import { isPremium } from '../../lib/tiers';

/** /airline-mgr: pick the airline to manage (or create one), then its dashboard. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const select = useCallback(
    (airlineId: string) => {
      currentAirline.set(airlineId);
      void navigate('/airline-mgr/dashboard');
    },
    [navigate],
  );
  return (
    <Panel title={t('selection.title')} className="mx-auto max-w-3xl">
      <VerifyToPayNote className="mb-4" />
      {user ? <AirlineSelection userId={user.id} isPremiumManager={isPremium(user, 'airline_manager')} onSelect={select} /> : <p role="status">{t('common:loading')}</p>}
    </Panel>
  );
};
