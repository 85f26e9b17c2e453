import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../../components/ui/dropdown';

/**
 * Spec section 2 "Map settings popover". The live-map issue replaces the panel content with the
 * real settings (mode, last position, networks, weather layers).
 */
export const MapSettingsButton = () => {
  const { t } = useTranslation('shell');
  return (
    <Dropdown
      label={t('mapSettings.open')}
      placement="above"
      triggerClassName="h-10 w-10 justify-center border border-slate-600 bg-slate-900 text-slate-50 hover:bg-slate-700"
      trigger={
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6">
          <path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14" />
        </svg>
      }
    >
      <div className="w-64 p-2">
        <h2 className="mb-1 text-sm font-semibold text-white">{t('mapSettings.title')}</h2>
        <p className="text-sm text-slate-200">{t('mapSettings.placeholder')}</p>
      </div>
    </Dropdown>
  );
};
