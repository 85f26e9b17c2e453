import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, focusRing } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { useInProgressFlight } from '../../features/flight/api/retrieve-flight-for-user';
import { SIMULATION_RATES } from '../../features/flight-config/lib/flight-configuration-form';
import { TrackerConnectionPanel } from '../../features/tracker/components/tracker-connection-panel';
import { useTrackerHub } from '../../features/tracker/hooks/use-tracker-hub';
import { errorMessage } from '../../lib/handle-error';
import { cancelResumedFlight, resumeRecording } from '../flight/flight-session';

/** /flight/resume: a flight left in progress is recorded again through the tracker, or cancelled. */
export const Component = () => {
  const { t } = useTranslation('flight');
  const navigate = useNavigate();
  const inProgress = useInProgressFlight();
  const hub = useTrackerHub();
  const [rate, setRate] = useState(1);
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const flight = inProgress.data;

  const act = async (action: () => Promise<void>) => {
    setIsBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t('resume.title')}>
        {inProgress.isPending ? (
          <p role="status">{t('common:loading')}</p>
        ) : inProgress.isError ? (
          <Alert tone="error">{errorMessage(inProgress.error)}</Alert>
        ) : !flight ? (
          <p className="text-sm text-slate-200">
            {t('resume.none')} <TextLink to="/flight">{t('resume.start')}</TextLink>
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-200">
              {t('resume.intro', {
                flightNumber: flight.flightNumber,
                departure: flight.departureAirport.ident,
                arrival: flight.arrivalAirport.ident,
                step: t(`steps.${flight.flightStep}`),
              })}
            </p>
            <TrackerConnectionPanel onConnected={() => undefined} />
            {hub.simulator === 'disconnect' || hub.simulator === 'connection_failed' ? (
              <div className="flex flex-col gap-1">
                <label htmlFor="resume-rate" className="text-sm font-medium text-slate-100">
                  {t('resume.rate')}
                </label>
                <select
                  id="resume-rate"
                  value={rate}
                  onChange={(event) => setRate(Number(event.target.value))}
                  className={cn('max-w-40 rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-sm text-slate-50', focusRing)}
                >
                  {SIMULATION_RATES.map((value) => (
                    <option key={value} value={value}>{`${value}x`}</option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={isBusy || hub.link !== 'connected'}
                onClick={() =>
                  void act(async () => {
                    const result = await resumeRecording(flight, rate);
                    if (!result.ok) {
                      setProblem(result.error?.message ?? t('resume.failed'));
                      return;
                    }
                    void navigate('/flight/current', { replace: true });
                  })
                }
              >
                {t('resume.resume')}
              </Button>
              {isConfirmingCancel ? (
                <>
                  <Button
                    variant="danger"
                    disabled={isBusy}
                    onClick={() =>
                      void act(async () => {
                        await cancelResumedFlight(flight);
                        void navigate('/flight', { replace: true });
                      })
                    }
                  >
                    {t('resume.confirmCancel')}
                  </Button>
                  <Button variant="ghost" onClick={() => setIsConfirmingCancel(false)}>
                    {t('resume.keep')}
                  </Button>
                </>
              ) : (
                <Button variant="danger" disabled={isBusy} onClick={() => setIsConfirmingCancel(true)}>
                  {t('resume.cancel')}
                </Button>
              )}
            </div>
            {isBusy ? <p role="status">{t('resume.working')}</p> : null}
            {problem ? <Alert tone="error">{problem}</Alert> : null}
          </div>
        )}
      </Panel>
    </div>
  );
};
