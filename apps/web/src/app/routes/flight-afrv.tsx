import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { AfrvBookings } from '../../features/flight/components/afrv-bookings';

/** /flight/afrv: the pilot's booked flights (external booking service, by the pilot's key). */
export const Component = () => {
  const { t } = useTranslation('flight');
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Panel title={t('afrv.title')}>
        <p className="mb-4 text-sm text-slate-200">
          {t('afrv.intro')} <TextLink to="/help/afrv">{t('afrv.help')}</TextLink>
        </p>
        <AfrvBookings />
      </Panel>
    </div>
  );
};
