import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateAirline } from '../api/airline-manage';
import type { TAirline } from '../api/airline-mgr';
import { canInAirline } from '../lib/airline-access';
import { imageDimensions, logoProblem, type LogoProblem } from '../lib/logo-check';

/**
 * The airline's information (code, name, logo, descriptions, difficulty, hubs,
 * owner, state), and for the owner its editing through PUT /airline/{id} (multipart, the logo
 * optional). The code, the difficulty and the main hub do not change here.
 */
export const AirlineInformation = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const [editing, setEditing] = useState(false);
  const mainHub = airline.hubs.find((hub) => hub.isMain);
  const rows: [string, string][] = [
    [t('manage.info.code'), airline.code],
    [t('manage.info.name'), airline.name],
    [t('manage.info.shortDescription'), airline.shortDescription],
    [t('manage.info.description'), airline.description || t('manage.info.none')],
    [t('manage.info.difficulty'), t(`difficulty.${airline.gameDifficulty}`)],
    [t('manage.info.hubs'), airline.hubs.map((hub) => (hub.isMain ? t('manage.info.mainHub', { ident: hub.airport.ident }) : hub.airport.ident)).join(', ')],
    [t('manage.info.owner'), airline.owner.userName],
    [t('manage.info.state'), t(`manage.state.${airline.state}`)],
  ];
  return (
    <section aria-labelledby="airline-information" className="flex flex-col gap-3">
      <h2 id="airline-information" className="text-lg font-semibold text-slate-50">
        {t('manage.info.title')}
      </h2>
      {airline.photo ? <img src={airline.photo} alt={t('manage.info.logo', { name: airline.name })} width={175} height={93} className="rounded border border-slate-600" /> : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-300">{label}</dt>
            <dd className="text-slate-50">{value}</dd>
          </div>
        ))}
      </dl>
      {canInAirline(airline, 'airline.update') && mainHub ? (
        editing ? (
          <EditAirlineForm airline={airline} mainHubIdent={mainHub.airport.ident} onDone={() => setEditing(false)} />
        ) : (
          <Button variant="secondary" className="self-start" onClick={() => setEditing(true)}>
            {t('manage.info.edit')}
          </Button>
        )
      ) : null}
    </section>
  );
};

const EditAirlineForm = ({ airline, mainHubIdent, onDone }: { airline: TAirline; mainHubIdent: string; onDone: () => void }) => {
  const { t } = useTranslation('airlineMgr');
  const update = useUpdateAirline(airline.id);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<LogoProblem | null>(null);
  const pickLogo = async (file: File | null) => {
    setLogo(null);
    setLogoError(null);
    if (!file) return;
    const problem = logoProblem(file, await imageDimensions(file));
    setLogoError(problem);
    if (problem === null) setLogo(file);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (logoError) return;
    const form = new FormData(event.currentTarget);
    form.delete('photo');
    // The form's fixed fields travel as they are: the server checks the whole airline form.
    form.set('code', airline.code);
    form.set('gameDifficulty', airline.gameDifficulty);
    form.set('hubAirportIdent', mainHubIdent);
    form.set('planeCategory', airline.planeCategory);
    if (logo) form.append('photo', logo);
    update.mutate(form, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby="edit-airline">
      <h3 id="edit-airline" className="font-semibold text-slate-50">
        {t('manage.info.editTitle')}
      </h3>
      <TextField name="name" label={t('form.name')} required minLength={5} maxLength={50} defaultValue={airline.name} />
      <TextField name="shortDescription" label={t('form.shortDescription')} required minLength={10} maxLength={150} defaultValue={airline.shortDescription} />
      <TextAreaField name="description" label={t('manage.info.description')} maxLength={1000} defaultValue={airline.description} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
        {t('form.logo')}
        <input type="file" name="photo" accept="image/png,image/jpeg" aria-describedby="edit-logo-hint" onChange={(event) => void pickLogo(event.target.files?.[0] ?? null)} />
      </label>
      <p id="edit-logo-hint" className="text-sm text-slate-300">
        {t('form.logoHint')}
      </p>
      {logoError ? <Alert tone="error">{t(`form.logoError.${logoError}`)}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {t('manage.info.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
};
