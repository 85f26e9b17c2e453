import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotamAudience } from '@contrail/domain/notam/notam-contract';
import { parseNotam } from '@contrail/domain/notam/notam-parser';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/handle-error';
import { useIssueNotam } from '../api/notams';

const EXAMPLE = 'A0123/26 NOTAMN\nQ) LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005\nA) LFPG B) 2611230800 C) 2611301800\nE) RWY 09L/27R CLOSED';

/**
 * Administrators issue a notice in ICAO form. It is checked as typed with the same parser the
 * server uses (ICAO notices are written in English, so are the parser's messages); the server's
 * answer (unknown airport, number already used) shows the same way.
 */
export const NotamIssueForm = () => {
  const { t } = useTranslation('notam');
  const issue = useIssueNotam();
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<NotamAudience>('AIRPORTS');
  const [problems, setProblems] = useState<string[]>([]);
  const [issued, setIssued] = useState<string | null>(null);

  const submit = async () => {
    setIssued(null);
    const parsed = parseNotam(text, new Date());
    if (!parsed.ok) {
      setProblems(parsed.problems.map((problem) => problem.message));
      return;
    }
    setProblems([]);
    try {
      const notam = await issue.mutateAsync({ text, audience });
      setIssued(notam.reference);
      setText('');
    } catch (error) {
      setProblems([isApiError(error) && error.status < 500 && error.message ? error.message : errorMessage(error)]);
    }
  };

  return (
    <form
      aria-labelledby="notam-issue-heading"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="notam-issue-heading" className="text-lg font-semibold text-white">{t('issue.title')}</h2>
      <label htmlFor="notam-text" className="text-sm text-slate-200">{t('issue.textLabel')}</label>
      <textarea
        id="notam-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        placeholder={EXAMPLE}
        aria-invalid={problems.length > 0}
        aria-describedby={problems.length > 0 ? 'notam-problems' : undefined}
        className="rounded-md border border-slate-600 bg-slate-800 p-2 font-mono text-sm text-slate-50"
      />
      <fieldset className="flex gap-4 text-sm">
        <legend className="mb-1 text-slate-200">{t('issue.audienceLabel')}</legend>
        {NotamAudience.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="notam-audience" value={value} checked={audience === value} onChange={() => setAudience(value)} />
            {t(`issue.audience.${value}`)}
          </label>
        ))}
      </fieldset>
      {problems.length > 0 ? (
        <div id="notam-problems">
          <Alert tone="error">
            <ul className="list-disc pl-4">
              {problems.flatMap((problem) => problem.split('; ')).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      {issued ? <Alert tone="success">{t('issue.issued', { reference: issued })}</Alert> : null}
      <Button type="submit" disabled={issue.isPending || text.trim() === ''}>
        {t('issue.submit')}
      </Button>
    </form>
  );
};
