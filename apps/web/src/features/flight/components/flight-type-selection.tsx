import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FlightType } from '@contrail/domain/flight-api/flight-contract';
import { buttonClasses } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';

/** Where each flight type starts. MISSION flights start from a mission; AIRLINE from one of the pilot's airlines. */
const destinations: Record<Exclude<FlightType, 'AIRLINE'>, string> = {
  NORMAL: '/flight/configuration?type=NORMAL',
  PNC: '/flight/configuration?type=PNC',
  MISSION: '/mission/list',
};

/** The pilot modes beside the flight types: each opens its own screen. */
const modes = [
  { key: 'career', to: '/flight/career-mode' },
  { key: 'virtualAirline', to: '/flight/virtual-airline' },
  { key: 'challenge', to: '/flight/challenge' },
  { key: 'pilot', to: '/pilot' },
] as const;

/**
 * /flight and /flight/type-selection: NORMAL, PNC (Pax N Cargo), MISSION and
 * AIRLINE, then the other pilot modes (career, virtual airline, challenge) and the pilot page.
 * The AIRLINE card holds `airlineChoices`: the pilot's airlines, composed by the page.
 */
export const FlightTypeSelection = ({ airlineChoices }: { airlineChoices: ReactNode }) => {
  const { t } = useTranslation('flight');
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {FlightType.map((type) => (
          <li key={type} className="flex flex-col gap-3 rounded-lg border border-slate-600 bg-slate-800 p-4">
            <h2 className="text-lg font-semibold text-white">{t(`types.${type}.name`)}</h2>
            <p className="flex-1 text-sm text-slate-200">{t(`types.${type}.description`)}</p>
            {type === 'AIRLINE' ? (
              <div>{airlineChoices}</div>
            ) : (
              <Link to={destinations[type]} className={buttonClasses('primary', 'self-start')}>
                {t(`types.${type}.action`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <nav aria-labelledby="flight-modes">
        <h2 id="flight-modes" className="mb-2 text-lg font-semibold text-white">
          {t('modes.title')}
        </h2>
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {modes.map((mode) => (
            <li key={mode.key} className="rounded-lg border border-slate-600 bg-slate-800 p-3">
              <TextLink to={mode.to} className="font-semibold">
                {t(`modes.${mode.key}.name`)}
              </TextLink>
              <p className="mt-1 text-sm text-slate-200">{t(`modes.${mode.key}.description`)}</p>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
};
