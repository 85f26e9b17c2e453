import { useTranslation } from 'react-i18next';

/**
 * The full-screen area the live map draws into (spec section 2: "A live map fills the
 * background"). Placeholder until the live-map issue mounts MapLibre into #map-root.
 */
export const MapBackground = () => {
  const { t } = useTranslation('shell');
  return (
    <div
      id="map-root"
      role="img"
      aria-label={t('map.label')}
      className="fixed inset-0 z-0 bg-slate-800 bg-[radial-gradient(circle_at_50%_40%,#1e3a5f_0%,#1e293b_60%,#0f172a_100%)]"
    />
  );
};
