import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { SIM_CONNECTION_CHECK_MS, SIM_CONNECTION_TIMEOUT_MS } from '@contrail/domain/live/connection-status';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { flightSession, useFlightSession } from '../../features/flight/lib/flight-session-store';
import { SimulatorStatusText } from '../../features/tracker/components/hub-link-banner';
import { useTrackerHub } from '../../features/tracker/hooks/use-tracker-hub';
import { isApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/handle-error';
import { registerAndRecord, startSimulator, wireFlightSession } from '../flight/flight-session';

type Phase = 'starting' | 'waiting' | 'loading' | 'registering' | 'recording' | 'failed' | 'timeout';

/**
 * /flight/flight-sim-connection: Start the simulator, wait for it (up to
 * 60 s, checked each second), register the flight, then StartRecord / StartPaxNCargo; once the
 * hub says `recording`, the current flight opens. A simulator that answers but is still loading
 * (the hub's SimulatorReadiness `loading`) is waited for without that limit: it is alive, and
 * nothing is registered or recorded before ReadyToRecord.
 */
export const Component = () => {
  const { t } = useTranslation('tracker');
  const navigate = useNavigate();
  const { draft, active } = useFlightSession();
  const hub = useTrackerHub();
  const [phase, setPhase] = useState<Phase>('starting');
  const [problem, setProblem] = useState<{ text: string; isAlreadyOnFlight?: boolean } | null>(null);
  const [elapsedS, setElapsedS] = useState(0);
  const [run, setRun] = useState(0);
  const hubRef = useRef(hub);
  hubRef.current = hub;

  useEffect(() => {
    if (!draft) return;
    let isCancelled = false;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const flow = async () => {
      wireFlightSession();
      setProblem(null);
      setPhase('starting');
      setElapsedS(0);
      const started = await startSimulator(draft);
      if (isCancelled) return;
      if (!started.ok) {
        setProblem({ text: started.error?.message ?? t('sim.startFailed') });
        setPhase('failed');
        return;
      }
      // The simulator channel is checked each second, up to 60 s.
      setPhase('waiting');
      for (let waited = 0; ; waited += SIM_CONNECTION_CHECK_MS) {
        const status = hubRef.current.simulator;
        if (status === 'connected' && hubRef.current.readyToRecord) break;
        const isLoading = status === 'connected' && hubRef.current.simulatorReadiness === 'loading';
        setPhase(isLoading ? 'loading' : 'waiting');
        // A loading simulator answers: the 60 s limit is for one that does not.
        if (isLoading) waited = 0;
        if (status === 'connection_failed') {
          setProblem({ text: t('sim.connectionFailed') });
          setPhase('failed');
          return;
        }
        if (waited >= SIM_CONNECTION_TIMEOUT_MS) {
          setPhase('timeout');
          return;
        }
        await wait(SIM_CONNECTION_CHECK_MS);
        if (isCancelled) return;
        setElapsedS((value) => value + 1);
      }
      setPhase('registering');
      try {
        const { result } = await registerAndRecord(draft);
        if (isCancelled) return;
        if (!result.ok) {
          setProblem({ text: result.error?.message ?? t('sim.recordFailed') });
          setPhase('failed');
          return;
        }
        setPhase('recording');
        // The draft became the active flight: the page moves on to /flight/current.
        flightSession.setDraft(null);
      } catch (error) {
        if (isCancelled) return;
        // Registration errors are logged to the console, and shown.
        console.warn('Flight registration failed', error);
        setProblem({ text: errorMessage(error), isAlreadyOnFlight: isApiError(error) && error.errorCode === 'USER_ALREADY_ON_FLIGHT' });
        setPhase('failed');
      }
    };
    void flow();
    return () => {
      isCancelled = true;
    };
    // One run per attempt; the draft is read when it starts.
  }, [run]);

  if (!draft) return active ? <Navigate to="/flight/current" replace /> : <Navigate to="/flight" replace />;
  if (hub.link !== 'connected' && hub.link !== 'reconnecting') return <Navigate to="/flight/flight-tracker-connection" replace />;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t('sim.title')}>
        <p className="mb-4 text-sm text-slate-200">{t('sim.intro', { simulator: t(`simulators.${draft.simulator}`) })}</p>
        <p className="mb-2 text-sm">
          {t('sim.status')} <SimulatorStatusText />
        </p>
        <div aria-live="polite" className="flex flex-col gap-2">
          {phase === 'starting' ? <p role="status">{t('sim.starting')}</p> : null}
          {phase === 'waiting' ? <p role="status">{t('sim.waiting', { elapsed: elapsedS, total: SIM_CONNECTION_TIMEOUT_MS / 1000 })}</p> : null}
          {phase === 'loading' ? <p role="status">{t('sim.loading')}</p> : null}
          {phase === 'registering' ? <p role="status">{t('sim.registering')}</p> : null}
          {phase === 'recording' ? <p role="status">{t('sim.recording')}</p> : null}
        </div>
        {phase === 'timeout' ? <Alert tone="error">{t('sim.timeout', { total: SIM_CONNECTION_TIMEOUT_MS / 1000 })}</Alert> : null}
        {problem ? (
          <Alert tone="error">
            {problem.text}{' '}
            {problem.isAlreadyOnFlight ? <TextLink to="/flight/resume">{t('sim.openResume')}</TextLink> : null}
          </Alert>
        ) : null}
        {phase === 'timeout' || phase === 'failed' ? (
          <div className="mt-4 flex gap-2">
            <Button onClick={() => setRun((value) => value + 1)}>{t('sim.retry')}</Button>
            <Button variant="secondary" onClick={() => void navigate('/flight/configuration')}>
              {t('sim.backToConfiguration')}
            </Button>
          </div>
        ) : null}
      </Panel>
    </div>
  );
};
