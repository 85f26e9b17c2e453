import { useTranslation } from 'react-i18next';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { Alert } from '../../../components/ui/alert';
import { useDefaultConfiguration } from '../api/get-default-configuration';
import { SeatSummary } from './seat-summary';

/** The type's DEFAULT configuration, read-only. */
export const DefaultConfigurationCard = ({ aircraft }: { aircraft: TAircraftInformation }) => {
  const { t } = useTranslation('aircraft');
  const configuration = useDefaultConfiguration(aircraft.icao);
  return (
    <div className="rounded-lg border border-slate-700 px-4 py-3">
      <p className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{t('default.label')}</p>
      {configuration.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : configuration.isError ? (
        <Alert tone="error">{t('default.loadError')}</Alert>
      ) : (
        <div className="flex flex-col">
          <span className="font-medium text-white">{configuration.data.name}</span>
          <SeatSummary seats={configuration.data} maxPaxCapacity={aircraft.maxPaxCapacity} />
          <span className="text-xs text-slate-300">{t('default.readOnly')}</span>
        </div>
      )}
    </div>
  );
};
