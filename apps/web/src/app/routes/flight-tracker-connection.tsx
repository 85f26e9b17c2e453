import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { useFlightSession } from '../../features/flight/lib/flight-session-store';
import { TrackerConnectionPanel } from '../../features/tracker/components/tracker-connection-panel';
import { wireFlightSession } from '../flight/flight-session';

/** /flight/flight-tracker-connection: the tracker hub, 4 attempts 2000 ms apart, then retry or start it. */
export const Component = () => {
  const { t } = useTranslation('tracker');
  const navigate = useNavigate();
  const { draft } = useFlightSession();
  useEffect(() => void wireFlightSession(), []);
  const onConnected = useCallback(() => void navigate('/flight/flight-sim-connection', { replace: true }), [navigate]);
  if (!draft) return <Navigate to="/flight" replace />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t('connection.title')}>
        <TrackerConnectionPanel onConnected={onConnected} />
      </Panel>
    </div>
  );
};
