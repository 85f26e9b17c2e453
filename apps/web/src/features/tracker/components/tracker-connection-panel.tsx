import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKER_CONNECTION_ATTEMPTS } from '@contrail/domain/live/connection-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getTrackerHub, useTrackerHub } from '../hooks/use-tracker-hub';

/** The command that starts the tracker for this web app (its origin is the only one the hub accepts). */
export const trackerServeCommand = (webOrigin: string, hubUrl: string): string => {
  const port = new URL(hubUrl).port;
  const portOption = port && port !== '7373' ? ` --port ${port}` : '';
  return `npm run tracker -- serve --web-origin ${webOrigin}${portOption}`;
};

/**
 * /flight/flight-tracker-connection: connects to the tracker hub, 4
 * attempts 2000 ms apart, then says clearly that no tracker answered, how to start one, and offers
 * a retry. `onConnected` runs once the link is up.
 */
export const TrackerConnectionPanel = ({ onConnected }: { onConnected: () => void }) => {
  const { t } = useTranslation('tracker');
  const hub = useTrackerHub();

  useEffect(() => {
    if (hub.link === 'connected') onConnected();
  }, [hub.link, onConnected]);

  useEffect(() => {
    if (getTrackerHub().getSnapshot().link === 'idle') void getTrackerHub().connect();
  }, []);

  const command = trackerServeCommand(window.location.origin, hub.url);
  const isFailed = hub.link === 'unreachable' || hub.link === 'dropped';

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-200">{t('connection.intro', { url: hub.url })}</p>
      <div aria-live="polite">
        {hub.link === 'connecting' || hub.link === 'reconnecting' || hub.link === 'idle' ? (
          <p role="status" className="text-sm text-slate-100">
            {t('connection.attempt', { attempt: Math.max(1, hub.attempt), total: TRACKER_CONNECTION_ATTEMPTS })}
          </p>
        ) : null}
        {hub.link === 'connected' ? <Alert tone="success">{t('connection.connected')}</Alert> : null}
      </div>
      {isFailed ? (
        <>
          <Alert tone="error">{t(hub.link === 'dropped' ? 'connection.dropped' : 'connection.unreachable', { total: TRACKER_CONNECTION_ATTEMPTS })}</Alert>
          <div className="flex flex-col gap-2 rounded-md border border-slate-600 bg-slate-800 p-4 text-sm">
            <h2 className="font-semibold text-white">{t('connection.startTitle')}</h2>
            <p className="text-slate-200">{t('connection.startText')}</p>
            <pre className="overflow-x-auto rounded bg-slate-950 p-2 text-xs text-emerald-200" aria-label={t('connection.commandLabel')}>
              <code>{command}</code>
            </pre>
            <p className="text-slate-300">{t('connection.otherPort')}</p>
          </div>
          <div>
            <Button onClick={() => void getTrackerHub().connect()}>{t('connection.retry')}</Button>
          </div>
        </>
      ) : null}
    </div>
  );
};
