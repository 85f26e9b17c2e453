import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/handle-error';
import { useConfigurationData } from '../api/airline-manage';
import type { TAirline } from '../api/airline-mgr';

/** The configuration data (GET /airline/{id}/configuration) where the owner decides: what hubs, hangars and planes cost at this difficulty, and the limits. */
export const AirlineCosts = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const configuration = useConfigurationData(airline.id);
  const fc = (value: number | undefined) => (value === undefined ? '—' : t('manage.costs.fc', { amount: new Intl.NumberFormat(i18n.language).format(value) }));
  const data = configuration.data;
  return (
    <section aria-labelledby="airline-costs" className="flex flex-col gap-2">
      <h2 id="airline-costs" className="text-lg font-semibold text-slate-50">
        {t('manage.costs.title', { difficulty: t(`difficulty.${airline.gameDifficulty}`) })}
      </h2>
      {configuration.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {configuration.isError ? <Alert tone="error">{errorMessage(configuration.error)}</Alert> : null}
      {data ? (
        <>
          <table className="text-left text-sm">
            <caption className="sr-only">{t('manage.costs.hubs')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('manage.costs.airportSize')}</th>
                <th scope="col">{t('manage.costs.licence')}</th>
                <th scope="col">{t('manage.costs.rent')}</th>
              </tr>
            </thead>
            <tbody>
              {Object.keys(data.hub.licenceCost).map((size) => (
                <tr key={size}>
                  <th scope="row" className="font-normal">{t(`manage.costs.size.${size}`, { defaultValue: size })}</th>
                  <td>{fc(data.hub.licenceCost[size])}</td>
                  <td>{fc(data.hub.operatingCost[size])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="flex flex-col gap-1 text-sm text-slate-100">
            <li>{t('manage.costs.salary', { fc: fc(data.salaryInformation.baseSalary) })}</li>
            <li>{t('manage.costs.grounded', { wear: data.plane.groundedAtWear })}</li>
            <li>{t('manage.costs.trafficRight', { months: data.trafficRight.validityMonths })}</li>
            <li>{t('manage.costs.bankruptcy', { days: data.bankruptcyDeadlineDays })}</li>
          </ul>
        </>
      ) : null}
    </section>
  );
};
