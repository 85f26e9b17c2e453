import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Panel } from '../../components/ui/panel';
import type { AirportOption } from '../../features/airports/components/airport-label';
import { AirportSearchField } from '../../features/airports/components/airport-search-field';
import { CareerCard } from '../../features/career/components/career-card';
import { CareerForm, type HubFieldProps } from '../../features/career/components/career-form';
import { useCurrentUser } from '../../lib/auth';

/** The career form's home hub: the shared airport search field, large and medium airports only. */
const HomeHubField = ({ label, error, onChange, onBlur }: HubFieldProps) => {
  const { t } = useTranslation('career');
  const [value, setValue] = useState<AirportOption | null>(null);
  return (
    <AirportSearchField
      label={label}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next?.ident ?? '');
      }}
      onBlur={onBlur}
      context="hub"
      required
      error={error}
      hint={t('form.homeHubHint')}
    />
  );
};

/** /pilot/career: pilot career creation (display name and home hub), or the career once started. */
export const Component = () => {
  const { t } = useTranslation('career');
  const user = useCurrentUser();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t('title')}>
        {user === undefined ? (
          <p role="status">{t('common:loading')}</p>
        ) : user.careerStarted ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-200">{t('started')}</p>
            <Link to="/flight/career-mode" className={buttonClasses('primary', 'self-start')}>
              {t('toCareerMode')}
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-200">{t('intro')}</p>
            <CareerForm HubField={HomeHubField} />
          </>
        )}
      </Panel>
      {user?.careerStarted ? <CareerCard user={user} /> : null}
    </div>
  );
};
