import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MftOption } from '@contrail/domain/airline/airline-contract';
import { simulateMftBonus } from '@contrail/domain/economy/mft-bonus';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/handle-error';
import { useConfigurationData, useSetMftOption } from '../api/airline-manage';
import type { TAirline } from '../api/airline-mgr';
import { canInAirline } from '../lib/airline-access';

/**
 * The MFT option (who is credited the monthly flight-time bonus of the airline's flights: each
 * pilot, or the airline) and its simulation: what a month would credit for a number of pilots
 * flying so many hours, the monthly limit applied. The figures come from the configuration data.
 */
export const AirlineMft = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const configuration = useConfigurationData(airline.id);
  const setOption = useSetMftOption(airline.id);
  const [pilots, setPilots] = useState('5');
  const [hours, setHours] = useState('40');
  // The option the owner just chose shows at once; the airline's stored one returns if saving fails.
  const [chosen, setChosen] = useState<(typeof MftOption)[number] | null>(null);
  const option = chosen ?? airline.mftOption;
  const choose = (next: (typeof MftOption)[number]) => {
    setChosen(next);
    setOption.mutate(next, { onError: () => setChosen(null) });
  };
  const mayChoose = canInAirline(airline, 'airline.update');
  const number = new Intl.NumberFormat(i18n.language);
  const simulation = simulateMftBonus({ option, pilots: Number(pilots) || 0, hoursPerPilot: Number(hours) || 0 });
  const bonus = configuration.data?.mftBonus;
  return (
    <section aria-labelledby="mft" className="flex flex-col gap-3">
      <h2 id="mft" className="text-lg font-semibold text-slate-50">
        {t('manage.mft.title')}
      </h2>
      {configuration.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {configuration.isError ? <Alert tone="error">{errorMessage(configuration.error)}</Alert> : null}
      {bonus ? <p className="text-sm text-slate-200">{t('manage.mft.rule', { fc: number.format(bonus.fcPerHour), limit: number.format(bonus.monthlyLimitHours) })}</p> : null}
      <fieldset className="flex flex-col gap-1 text-sm text-slate-100" disabled={!mayChoose || setOption.isPending}>
        <legend className="mb-1 font-medium">{t('manage.mft.who')}</legend>
        {MftOption.map((each) => (
          <label key={each} className="flex items-center gap-2">
            <input type="radio" name="mftOption" value={each} checked={option === each} onChange={() => choose(each)} />
            {t(`manage.mft.option.${each}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3" role="group" aria-labelledby="mft-simulation">
        <h3 id="mft-simulation" className="w-full font-semibold text-slate-50">
          {t('manage.mft.simulation')}
        </h3>
        <TextField type="number" min={0} max={1000} step={1} label={t('manage.mft.pilots')} value={pilots} onChange={(event) => setPilots(event.target.value)} className="w-36" />
        <TextField type="number" min={0} max={744} step={1} label={t('manage.mft.hours')} value={hours} onChange={(event) => setHours(event.target.value)} className="w-36" />
      </div>
      <p role="status" className="text-sm text-slate-100">
        {option === 'pilot'
          ? t('manage.mft.resultPilot', { fc: number.format(simulation.pilotFcPerPilot), hours: number.format(simulation.creditedHoursPerPilot) })
          : t('manage.mft.resultAirline', { fc: number.format(simulation.airlineFc), hours: number.format(simulation.creditedHoursPerPilot) })}
        {simulation.hoursOverLimitPerPilot > 0 ? ` ${t('manage.mft.overLimit', { hours: number.format(simulation.hoursOverLimitPerPilot), limit: number.format(simulation.limitHours) })}` : ''}
      </p>
    </section>
  );
};
