import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getTrackerHub, useTrackerHub } from '../hooks/use-tracker-hub';

/**
 * Tracker messages during a flight: "tracker disconnected or reconnecting
 * (automatic retry)" while the link is retried, "connection dropped (retry option)" after.
 */
export const HubLinkBanner = () => {
  const { t } = useTranslation('tracker');
  const hub = useTrackerHub();
  if (hub.link === 'reconnecting') return <Alert tone="warning">{t('link.reconnecting', { attempt: Math.max(1, hub.attempt) })}</Alert>;
  if (hub.link === 'dropped' || hub.link === 'unreachable') {
    return (
      <Alert tone="error">
        <span className="flex flex-wrap items-center gap-3">
          {t('link.dropped')}
          <Button variant="secondary" onClick={() => void getTrackerHub().connect()}>
            {t('connection.retry')}
          </Button>
        </span>
      </Alert>
    );
  }
  if (hub.simulator === 'reconnecting') return <Alert tone="warning">{t('link.simulatorReconnecting')}</Alert>;
  return null;
};

/** The simulator connection status, translated. */
export const SimulatorStatusText = () => {
  const { t } = useTranslation('tracker');
  const hub = useTrackerHub();
  return <span>{t(`simulatorStatus.${hub.simulator}`)}</span>;
};
