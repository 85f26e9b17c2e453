import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { handleError } from '../../../lib/handle-error';
import { useCreatePhpvmsApiKey, usePhpvmsApiKeys, useRevokePhpvmsApiKey } from '../api/phpvms-api-keys';

/**
 * The pilot's keys for phpVMS ACARS clients (vmsACARS, smartCARS and others): the address to give
 * the client, a new key shown once, the keys in use and their revocation.
 */
export const PhpvmsApiKeys = () => {
  const { t } = useTranslation('profile');
  const keys = usePhpvmsApiKeys();
  const create = useCreatePhpvmsApiKey();
  const revoke = useRevokePhpvmsApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const baseUrl = `${window.location.origin}/api/phpvms`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(trimmed, {
      onSuccess: (answer) => {
        setCreated({ name: answer.name, key: answer.key });
        setName('');
      },
      onError: (error) => handleError(error),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">{t('phpvms.explanation')}</p>
      <p className="text-sm text-slate-300">
        {t('phpvms.address')} <code className="rounded bg-slate-800 px-1 text-slate-100">{baseUrl}</code>
      </p>
      {created ? (
        <div role="status" className="rounded-lg border border-emerald-700 bg-emerald-950 p-3 text-sm text-emerald-100">
          <p>{t('phpvms.createdOnce', { name: created.name })}</p>
          <code className="mt-2 block break-all rounded bg-slate-900 p-2 text-slate-100">{created.key}</code>
        </div>
      ) : null}
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
        <TextField label={t('phpvms.name')} hint={t('phpvms.nameHint')} value={name} maxLength={60} required onChange={(event) => setName(event.target.value)} />
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
          {t('phpvms.create')}
        </Button>
      </form>
      {keys.isError ? (
        <p className="text-sm text-slate-300">{t('phpvms.unavailable')}</p>
      ) : keys.data === undefined ? (
        <p className="text-sm text-slate-300">{t('common:loading')}</p>
      ) : keys.data.items.length === 0 ? (
        <p className="text-sm text-slate-300">{t('phpvms.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('phpvms.listLabel')}>
          {keys.data.items.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-700 p-3 text-sm">
              <span>
                <span className="font-medium text-white">{key.name}</span>{' '}
                <code className="text-slate-300">{t('phpvms.prefix', { prefix: key.prefix })}</code>{' '}
                <span className="text-slate-400">
                  {key.lastUsedAt ? t('phpvms.lastUsed', { date: new Date(key.lastUsedAt).toISOString().slice(0, 16).replace('T', ' ') }) : t('phpvms.neverUsed')}
                </span>
              </span>
              <Button
                type="button"
                disabled={revoke.isPending}
                aria-label={t('phpvms.revokeNamed', { name: key.name })}
                onClick={() => revoke.mutate(key.id, { onError: (error) => handleError(error) })}
              >
                {t('phpvms.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
