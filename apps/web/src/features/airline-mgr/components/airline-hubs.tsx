import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useOpenHub, type TAirline } from '../api/airline-mgr';

/** The airline's hubs, the main one marked, and a new hub opened at an airport by its code. */
export const AirlineHubs = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const openHub = useOpenHub(airline.id);
  const [ident, setIdent] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    openHub.mutate(ident.trim().toUpperCase(), { onSuccess: () => setIdent('') });
  };
  return (
    <section aria-labelledby="hubs" className="flex flex-col gap-2">
      <h2 id="hubs" className="text-lg font-semibold text-slate-50">
        {t('hubs.title')}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {airline.hubs.map((hub) => (
          <li key={hub.id}>
            {hub.isMain ? t('hubs.main', { ident: hub.airport.ident, name: hub.airport.label }) : t('hubs.hub', { ident: hub.airport.ident, name: hub.airport.label })}
            {hub.state !== 'ACTIVE' ? ` · ${t(`hubs.states.${hub.state}`)}` : ''}
          </li>
        ))}
      </ul>
      {airline.isOwner ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-labelledby="open-hub">
          <h3 id="open-hub" className="w-full font-semibold text-slate-50">
            {t('hubs.open')}
          </h3>
          {openHub.isSuccess ? <Alert tone="success" className="w-full">{t('hubs.opened')}</Alert> : null}
          <TextField label={t('hubs.airport')} hint={t('hubs.airportHint')} required maxLength={8} value={ident} onChange={(event) => setIdent(event.target.value)} />
          <Button type="submit" disabled={openHub.isPending || ident.trim() === ''}>
            {t('hubs.openButton')}
          </Button>
        </form>
      ) : null}
    </section>
  );
};
