import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FlightType } from '@contrail/domain/flight-api/flight-contract';
import { buttonClasses } from '../../../components/ui/button';

/** Where each flight type starts. MISSION flights start from a mission; AIRLINE waits for the airline manager. */
const destinations: Record<FlightType, string | null> = {
  NORMAL: '/flight/configuration?type=NORMAL',
  PNC: '/flight/configuration?type=PNC',
  MISSION: '/mission/list',
  AIRLINE: null,
};

/**
 * /flight and /flight/type-selection (spec sections 1, 3): NORMAL, PNC (Pax N Cargo), MISSION and
 * AIRLINE. AIRLINE lists the pilot's airlines once the airline-manager module exists; until then
 * it says so.
 */
export const FlightTypeSelection = () => {
  const { t } = useTranslation('flight');
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {FlightType.map((type) => {
        const to = destinations[type];
        return (
          <li key={type} className="flex flex-col gap-3 rounded-lg border border-slate-600 bg-slate-800 p-4">
            <h2 className="text-lg font-semibold text-white">{t(`types.${type}.name`)}</h2>
            <p className="flex-1 text-sm text-slate-200">{t(`types.${type}.description`)}</p>
            {to ? (
              <Link to={to} className={buttonClasses('primary', 'self-start')}>
                {t(`types.${type}.action`)}
              </Link>
            ) : (
              <p role="note" className="text-sm text-amber-200">
                {t('types.AIRLINE.unavailable')}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
};
