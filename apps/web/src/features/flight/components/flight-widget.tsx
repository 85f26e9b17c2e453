import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';

/**
 * Spec section 2 "Persistent pilot-mode flight widget" (bottom centre). With no flight: a
 * start-flight button. The current-flight card comes with the flight issue.
 */
export const FlightWidget = () => {
  const { t } = useTranslation('shell');
  return (
    <section aria-label={t('flightWidget.label')} className="pointer-events-auto">
      <Link to="/flight/type-selection" className={buttonClasses('primary', 'px-6 py-3 text-base shadow-xl')}>
        {t('flightWidget.start')}
      </Link>
    </section>
  );
};
