import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TChallengeEntry } from '@contrail/domain/challenge/weekly-challenge';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/handle-error';
import { useCurrentChallenge } from '../api/get-challenge';

type BoardKind = 'landing' | 'fuel';

const Board = ({ kind, entries, mine, userId }: { kind: BoardKind; entries: TChallengeEntry[]; mine: TChallengeEntry | null; userId: string }) => {
  const { t, i18n } = useTranslation('challenge');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const titleId = `challenge-${kind}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-800 p-4">
      <h2 id={titleId} className="text-lg font-semibold text-white">
        {t(`boards.${kind}.title`)}
      </h2>
      <p className="text-xs text-slate-300">{t(`boards.${kind}.rule`)}</p>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-200">{t('empty')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-300">
            <tr>
              <th scope="col">{t('columns.rank')}</th>
              <th scope="col">{t('columns.pilot')}</th>
              <th scope="col">{t('columns.flight')}</th>
              <th scope="col">{t(`boards.${kind}.column`)}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.userId} className={entry.userId === userId ? 'font-semibold text-sky-200' : 'text-slate-100'}>
                <td>{entry.rank}</td>
                <td>{entry.userId === userId ? t('you', { name: entry.pilotName }) : entry.pilotName}</td>
                <td>
                  {entry.flightNumber} · {entry.aircraftIcao}
                </td>
                <td>{t(`boards.${kind}.value`, { value: number.format(entry.value) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-sm text-slate-200">{mine ? t('mine', { rank: mine.rank, value: t(`boards.${kind}.value`, { value: number.format(mine.value) }) }) : t('notRanked')}</p>
    </section>
  );
};

/** /flight/challenge: this week's route, the way to fly it, and the two boards among pilots. */
export const ChallengeBoard = ({ userId }: { userId: string }) => {
  const { t, i18n } = useTranslation('challenge');
  const challenge = useCurrentChallenge();
  if (challenge.isPending) return <p role="status">{t('common:loading')}</p>;
  if (challenge.isError) return <Alert tone="error">{errorMessage(challenge.error)}</Alert>;
  const data = challenge.data;
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const lastDay = new Date(Date.parse(data.weekEnd) - 1);
  const configure = `/flight/configuration?type=NORMAL&departure=${encodeURIComponent(data.departureIdent)}&arrival=${encodeURIComponent(data.arrivalIdent)}`;
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="challenge-route" className="flex flex-col gap-2">
        <h2 id="challenge-route" className="text-xl font-semibold text-white">
          {t('route', { from: data.departureIdent, to: data.arrivalIdent })}
        </h2>
        <p className="text-sm text-slate-200">{t('week', { start: day.format(new Date(data.weekStart)), end: day.format(lastDay) })}</p>
        <p className="text-sm text-slate-200">{t('rules')}</p>
        <Link to={configure} className={buttonClasses('primary', 'self-start')}>
          {t('fly', { from: data.departureIdent, to: data.arrivalIdent })}
        </Link>
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Board kind="landing" entries={data.landing} mine={data.mine.landing} userId={userId} />
        <Board kind="fuel" entries={data.fuel} mine={data.mine.fuel} userId={userId} />
      </div>
    </div>
  );
};
