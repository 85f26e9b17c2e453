import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { FlightLogBook, type FlightLogBookState } from '../../features/flight-log/components/flight-log-book';
import { useAppMode } from '../../lib/app-mode';
import { useCurrentUser } from '../../lib/auth';
import { isPremium } from '../../lib/tiers';

/** The log book's search, page, view and statistics toggle live in the address (reload, back button). */
const readState = (params: URLSearchParams): FlightLogBookState => ({
  search: params.get('search') ?? '',
  page: Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0),
  view: params.get('view') === 'detailed' ? 'detailed' : 'simple',
  showStats: params.get('stats') === '1',
});

const writeState = (state: FlightLogBookState): Record<string, string> => ({
  ...(state.search ? { search: state.search } : {}),
  ...(state.page > 0 ? { page: String(state.page) } : {}),
  ...(state.view === 'detailed' ? { view: 'detailed' } : {}),
  ...(state.showStats ? { stats: '1' } : {}),
});

/** /flight-log: the pilot's flight log book. */
export const Component = () => {
  const { t } = useTranslation('flightLog');
  const user = useCurrentUser();
  const mode = useAppMode();
  const [params, setParams] = useSearchParams();
  return (
    <Panel title={t('title')} className="mx-auto max-w-6xl">
      <p className="mb-4 text-sm text-slate-200">{t('intro')}</p>
      {user ? (
        <FlightLogBook
          userId={user.id}
          isPremium={isPremium(user, mode)}
          totals={{ flightHours: user.flightHours, numberOfFlight: user.numberOfFlight }}
          state={readState(params)}
          onStateChange={(next) => setParams(writeState(next))}
        />
      ) : (
        <p role="status">{t('common:loading')}</p>
      )}
    </Panel>
  );
};
