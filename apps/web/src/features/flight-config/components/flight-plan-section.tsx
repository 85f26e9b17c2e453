import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import { FLIGHT_PLAN_IMPORT_MAX_CHARS } from '@contrail/domain/flight-plan/flight-plan-contract';
import { Alert } from '../../../components/ui/alert';
import { Button, focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/handle-error';
import { useGenerateFlightPlan } from '../api/generate-flight-plan';
import { useLatestSimbriefPlan } from '../api/get-latest-simbrief-plan';
import { useImportFlightPlan } from '../api/import-flight-plan';
import { simbriefApiReq, useSignSimbriefRequest } from '../api/sign-simbrief-request';
import { fromUtcInputValue, type FlightConfigurationFormValues } from '../lib/flight-configuration-form';

/** The server's answer when it has no SimBrief API key (GET /api/simbrief/generate-request). */
export const SIMBRIEF_NOT_CONFIGURED = 'SimBrief API key is not configured';

/** SimBrief's output page for a generation request (their "api_req" needs it). */
const SIMBRIEF_OUTPUT_PAGE = 'contrail';

/** "xml" or "json" from the file name, else from the first character. */
export const detectPlanFormat = (fileName: string, content: string): 'xml' | 'json' => {
  if (/\.json$/i.test(fileName)) return 'json';
  if (/\.xml$/i.test(fileName)) return 'xml';
  return content.trimStart().startsWith('{') ? 'json' : 'xml';
};

type Problem = { text: string; isNoIdSet?: boolean };

/**
 * The flight plan of the configuration: the pilot's latest SimBrief OFP (by their SimBrief id), an
 * OFP uploaded or pasted (XML or JSON), Contrail's own planner, or a SimBrief generation request.
 * Errors: "no data", "no id set" (with a link to the profile).
 */
export const FlightPlanSection = ({
  plan,
  onPlan,
  onClear,
  getFormValues,
}: {
  plan: TFlightPlanData | null;
  onPlan: (plan: TFlightPlanData) => void;
  onClear: () => void;
  getFormValues: () => FlightConfigurationFormValues;
}) => {
  const { t, i18n } = useTranslation('flightConfig');
  const pasteId = useId();
  const fileId = useId();
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const latest = useLatestSimbriefPlan();
  const importPlan = useImportFlightPlan();
  const generate = useGenerateFlightPlan();
  const sign = useSignSimbriefRequest();
  const isBusy = latest.isPending || importPlan.isPending || generate.isPending || sign.isPending;

  const fail = (error: unknown) => {
    const code = isApiError(error) ? error.errorCode : null;
    setProblem({
      text: code === 'FLIGHT_PLAN_NO_ID_SET' ? t('plan.errors.noIdSet') : code === 'FLIGHT_PLAN_NO_DATA' ? t('plan.errors.noData') : errorMessage(error),
      isNoIdSet: code === 'FLIGHT_PLAN_NO_ID_SET',
    });
  };
  const succeed = (next: TFlightPlanData) => {
    setProblem(null);
    setNotice(t('plan.loaded', { origin: next.origin.icaoCode, destination: next.destination.icaoCode }));
    onPlan(next);
  };
  const start = () => {
    setProblem(null);
    setNotice(null);
  };

  const importText = (content: string, format: 'xml' | 'json') => {
    start();
    if (content.trim() === '') {
      setProblem({ text: t('plan.errors.noData') });
      return;
    }
    if (content.length > FLIGHT_PLAN_IMPORT_MAX_CHARS) {
      setProblem({ text: t('plan.errors.tooLarge') });
      return;
    }
    importPlan.mutate({ format, content }, { onSuccess: succeed, onError: fail });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const content = await file.text();
    importText(content, detectPlanFormat(file.name, content));
  };

  const onGenerate = () => {
    start();
    const values = getFormValues();
    if (!values.departure || !values.arrival || !values.aircraftIcao || !Number.isFinite(values.cruiseLevelFt)) {
      setProblem({ text: t('plan.errors.generateNeeds') });
      return;
    }
    const scheduledOutMs = fromUtcInputValue(values.departureTimeUtc);
    generate.mutate(
      {
        departureIdent: values.departure.ident,
        arrivalIdent: values.arrival.ident,
        aircraftIcao: values.aircraftIcao,
        cruiseLevelFt: values.cruiseLevelFt,
        flightNumber: values.flightNumber.trim() || 'CTR001',
        scheduledOut: Math.floor((Number.isNaN(scheduledOutMs) ? Date.now() : scheduledOutMs) / 1000),
      },
      { onSuccess: succeed, onError: fail },
    );
  };

  const onSimbriefGenerate = () => {
    start();
    const values = getFormValues();
    if (!values.departure || !values.arrival || !values.aircraftIcao) {
      setProblem({ text: t('plan.errors.generateNeeds') });
      return;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const apiReq = simbriefApiReq(values.departure.ident, values.arrival.ident, values.aircraftIcao, timestamp, SIMBRIEF_OUTPUT_PAGE);
    sign.mutate(apiReq, {
      onSuccess: (answer) => {
        if (answer.code === null) {
          setProblem({ text: answer.error === SIMBRIEF_NOT_CONFIGURED || answer.error === null ? t('plan.errors.simbriefNotConfigured') : answer.error });
          return;
        }
        const params = new URLSearchParams({
          orig: values.departure!.ident,
          dest: values.arrival!.ident,
          type: values.aircraftIcao,
          apicode: answer.code,
          timestamp: String(timestamp),
          outputpage: SIMBRIEF_OUTPUT_PAGE,
        });
        window.open(`https://www.simbrief.com/ofp/ofp.loader.api.php?${params.toString()}`, '_blank', 'noopener');
        setNotice(t('plan.simbriefOpened'));
      },
      onError: fail,
    });
  };

  const number = new Intl.NumberFormat(i18n.language);

  return (
    <section aria-labelledby="flight-plan-heading" className="flex flex-col gap-3 rounded-md border border-slate-600 p-4">
      <h2 id="flight-plan-heading" className="text-lg font-semibold text-white">
        {t('plan.title')}
      </h2>
      <p className="text-sm text-slate-200">{t('plan.intro')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={isBusy} onClick={() => (start(), latest.mutate(undefined, { onSuccess: succeed, onError: fail }))}>
          {t('plan.simbriefLatest')}
        </Button>
        <Button variant="secondary" disabled={isBusy} onClick={onGenerate}>
          {t('plan.generate')}
        </Button>
        <Button variant="secondary" disabled={isBusy} onClick={onSimbriefGenerate}>
          {t('plan.simbriefGenerate')}
        </Button>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-100">
          {t('plan.upload')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".xml,.json,application/xml,text/xml,application/json"
          disabled={isBusy}
          onChange={(event) => void onFile(event)}
          className={cn('text-sm text-slate-100 file:mr-3 file:rounded file:border-0 file:bg-slate-700 file:px-3 file:py-1 file:text-slate-50', focusRing)}
        />
      </div>
      <details className="text-sm">
        <summary className={cn('cursor-pointer text-slate-100', focusRing)}>{t('plan.pasteToggle')}</summary>
        <div className="mt-2 flex flex-col gap-2">
          <label htmlFor={pasteId} className="text-sm font-medium text-slate-100">
            {t('plan.paste')}
          </label>
          <textarea
            id={pasteId}
            rows={5}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            className={cn('rounded-md border border-slate-500 bg-slate-800 px-3 py-2 font-mono text-xs text-slate-50', focusRing)}
          />
          <div>
            <Button variant="secondary" disabled={isBusy} onClick={() => importText(pasted, detectPlanFormat('', pasted))}>
              {t('plan.importPasted')}
            </Button>
          </div>
        </div>
      </details>
      <div aria-live="polite">
        {isBusy ? <p role="status">{t('plan.working')}</p> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      {problem ? (
        <Alert tone="error">
          {problem.text}{' '}
          {problem.isNoIdSet ? (
            <Link to="/profile" className={cn('underline', focusRing)}>
              {t('plan.errors.openProfile')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {plan ? (
        <div className="flex flex-col gap-2 rounded-md bg-slate-800 p-3 text-sm" aria-label={t('plan.summaryLabel')} role="group">
          <p className="font-semibold text-white">
            {t('plan.summary', {
              source: t(`plan.sources.${plan.source}`),
              origin: plan.origin.icaoCode,
              destination: plan.destination.icaoCode,
              distance: number.format(Math.round(plan.general.routeDistanceNm)),
              fuel: number.format(Math.round(plan.fuel.blockKg)),
            })}
          </p>
          <p className="font-mono text-xs break-words text-slate-200">{plan.general.route}</p>
          <div>
            <Button variant="ghost" onClick={onClear}>
              {t('plan.remove')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
};
