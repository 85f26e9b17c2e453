import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/handle-error';
import { useAirlineSearch, useApplyToAirline } from '../api/airline-flights';

/** Find an airline by name, code or main hub; read what it offers; apply to join. */
export const AirlineSearch = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('airlinePilot');
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const results = useAirlineSearch(query, page);
  const apply = useApplyToAirline(userId);
  const [appliedTo, setAppliedTo] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(0);
          setQuery(draft.trim());
        }}
      >
        <TextField label={t('search.label')} hint={t('search.hint')} value={draft} maxLength={50} onChange={(event) => setDraft(event.target.value)} className="grow" />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {apply.isError ? <Alert tone="error">{errorMessage(apply.error)}</Alert> : null}
      {apply.isSuccess && appliedTo ? <Alert tone="success">{t('search.applied', { name: appliedTo })}</Alert> : null}
      {results.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {results.isError ? <Alert tone="error">{errorMessage(results.error)}</Alert> : null}
      {results.data?.items.length === 0 ? <p className="text-sm text-slate-200">{t('search.empty')}</p> : null}
      {results.data && results.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label={t('search.results')}>
          {results.data.items.map((airline) => (
            <li key={airline.id} className="flex flex-wrap items-start gap-3 rounded-md border border-slate-600 p-3">
              {airline.photo ? <img src={airline.photo} alt="" width={175} height={92} className="rounded" /> : null}
              <div className="flex grow flex-col gap-1">
                <h2 className="font-semibold text-slate-50">{airline.name}</h2>
                <p className="text-sm text-slate-200">{airline.shortDescription}</p>
                <p className="text-sm text-slate-200">
                  {t('search.facts', {
                    hub: airline.mainHubIdent ?? '—',
                    members: t('search.members', { count: airline.nbOfMembers }),
                    salary: airline.baseSalary,
                    difficulty: t(`difficulty.${airline.gameDifficulty}`),
                  })}
                </p>
                <p className="text-sm">{airline.recruitmentOpened ? t('search.recruiting') : t('search.notRecruiting')}</p>
              </div>
              <Button
                disabled={!airline.recruitmentOpened || apply.isPending}
                aria-label={t('search.applyTo', { name: airline.name })}
                onClick={() => {
                  setAppliedTo(airline.name);
                  apply.mutate(airline.id);
                }}
              >
                {t('search.apply')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {results.data && results.data.totalPages > 1 ? (
        <nav aria-label={t('search.pages')} className="flex items-center gap-2">
          <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('search.previous')}
          </Button>
          <span className="text-sm">{t('search.page', { page: page + 1, pages: results.data.totalPages })}</span>
          <Button variant="secondary" disabled={page + 1 >= results.data.totalPages} onClick={() => setPage(page + 1)}>
            {t('search.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
};
