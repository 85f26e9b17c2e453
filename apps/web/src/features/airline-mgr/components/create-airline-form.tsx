import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AIRLINE_CODE_PATTERN } from '@contrail/domain/airline/airline-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCreateAirline, useResetAirline, type TAirline } from '../api/airline-mgr';
import { selectClasses } from './page-nav';
import { imageDimensions, logoProblem, type LogoProblem } from '../lib/logo-check';


/**
 * The airline form: live checks on the code and the logo, a preview of the logo.
 * With `reset`, it starts that FAILED airline again: the code stays locked and
 * the other fields start from what the airline was.
 */
export const CreateAirlineForm = ({ onCreated, reset }: { onCreated: (airline: TAirline) => void; reset?: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const createAirline = useCreateAirline();
  const resetAirline = useResetAirline(reset?.id ?? '');
  const create = reset ? resetAirline : createAirline;
  const [code, setCode] = useState(reset?.code ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<LogoProblem | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const codeError = code !== '' && !AIRLINE_CODE_PATTERN.test(code) ? t('form.codeError') : undefined;

  const pickLogo = async (file: File | null) => {
    setLogo(null);
    setPreview(null);
    setLogoError(null);
    if (!file) return;
    const problem = logoProblem(file, await imageDimensions(file));
    setLogoError(problem);
    if (problem === null) {
      setLogo(file);
      setPreview(URL.createObjectURL(file));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (codeError || logoError) return;
    const form = new FormData(event.currentTarget);
    form.delete('photo');
    if (logo) form.append('photo', logo);
    create.mutate(form, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby="create-airline">
      <h2 id="create-airline" className="text-lg font-semibold text-slate-50">
        {reset ? t('failure.resetTitle') : t('form.title')}
      </h2>
      <TextField name="name" label={t('form.name')} required minLength={5} maxLength={50} defaultValue={reset?.name} />
      <TextField name="code" label={t('form.code')} hint={t('form.codeHint')} required maxLength={3} value={code} readOnly={reset !== undefined} onChange={(event) => setCode(event.target.value.toUpperCase())} error={codeError} />
      <TextField name="shortDescription" label={t('form.shortDescription')} required minLength={10} maxLength={100} defaultValue={reset?.shortDescription} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
        {t('form.difficulty')}
        <select name="gameDifficulty" className={selectClasses} defaultValue={reset?.gameDifficulty ?? 'REALIST'}>
          <option value="REALIST">{t('difficulty.REALIST')}</option>
          <option value="EASY">{t('difficulty.EASY')}</option>
        </select>
      </label>
      <TextField name="hubAirportIdent" label={t('form.hub')} hint={t('form.hubHint')} required maxLength={8} defaultValue={reset?.hubs.find((hub) => hub.isMain)?.airport.ident} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
        {t('form.category')}
        <select name="planeCategory" className={selectClasses} defaultValue={reset?.planeCategory ?? 'MEDIUM_HAUL'}>
          {(['SMALL_HAUL', 'MEDIUM_HAUL', 'LARGE_HAUL', 'CARGO'] as const).map((category) => (
            <option key={category} value={category}>
              {t(`category.${category}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
        {t('form.logo')}
        <input type="file" name="photo" accept="image/png,image/jpeg" aria-describedby="logo-hint" onChange={(event) => void pickLogo(event.target.files?.[0] ?? null)} />
      </label>
      <p id="logo-hint" className="text-sm text-slate-300">
        {t('form.logoHint')}
      </p>
      {logoError ? <Alert tone="error">{t(`form.logoError.${logoError}`)}</Alert> : null}
      {preview ? <img src={preview} alt={t('form.logoPreview')} width={350} height={185} className="rounded border border-slate-600" /> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('form.creating') : reset ? t('failure.reset') : t('form.create')}
      </Button>
    </form>
  );
};
