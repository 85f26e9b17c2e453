import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { linkClasses } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useTrackerLink } from '../api/get-tracker-link';

export type TrackerLinkPlan = {
  flightNumber: string;
  aircraftIcao: string;
  departureIdent: string | undefined;
  arrivalIdent: string | undefined;
  cruiseLevelFt: number;
  type: 'NORMAL' | 'PNC';
};

/**
 * "Open in the desktop tracker": the server signs the configured flight into a `contrail:` link
 * (docs/decisions/0048-flight-plan-deep-link.md) that the tracker registered with
 * `tracker register-link` opens. `readPlan` gives the form's values when the pilot asks.
 */
export const TrackerLink = ({ readPlan }: { readPlan: () => TrackerLinkPlan }) => {
  const { t } = useTranslation('flightConfig');
  const sign = useTrackerLink();
  const [missing, setMissing] = useState(false);
  const makeLink = () => {
    const plan = readPlan();
    if (!plan.flightNumber || !plan.aircraftIcao || !plan.departureIdent || !plan.arrivalIdent || !Number.isFinite(plan.cruiseLevelFt)) {
      setMissing(true);
      sign.reset();
      return;
    }
    setMissing(false);
    sign.mutate({ ...plan, departureIdent: plan.departureIdent, arrivalIdent: plan.arrivalIdent });
  };
  return (
    <section aria-labelledby="tracker-link" className="flex flex-col gap-2 rounded-md border border-slate-600 p-4">
      <h2 id="tracker-link" className="text-sm font-semibold text-white">
        {t('trackerLink.title')}
      </h2>
      <p className="text-xs text-slate-300">{t('trackerLink.intro')}</p>
      <Button type="button" variant="secondary" className="self-start" onClick={makeLink} disabled={sign.isPending}>
        {t('trackerLink.make')}
      </Button>
      {missing ? <p role="alert" className="text-xs text-amber-300">{t('trackerLink.missing')}</p> : null}
      {sign.isError ? <Alert tone="error">{errorMessage(sign.error)}</Alert> : null}
      {sign.data ? (
        <p className="text-sm">
          <a href={sign.data.link} className={linkClasses}>
            {t('trackerLink.open')}
          </a>{' '}
          <span className="text-xs text-slate-300">{t('trackerLink.expires')}</span>
        </p>
      ) : null}
    </section>
  );
};
