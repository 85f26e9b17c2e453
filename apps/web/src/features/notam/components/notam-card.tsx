import { useTranslation } from 'react-i18next';
import type { TNotam } from '@contrail/domain/notam/notam-contract';

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z`;

/** One notice as pilots read it: reference, where, when, and the text. */
export const NotamCard = ({ notam, headingLevel = 'h3' }: { notam: TNotam; headingLevel?: 'h2' | 'h3' }) => {
  const { t } = useTranslation('notam');
  const Heading = headingLevel;
  const until = notam.validUntil ? `${utc(notam.validUntil)}${notam.isEstimated ? ` ${t('estimated')}` : ''}` : t('permanent');
  return (
    <article data-testid="notam" className="flex flex-col gap-1 rounded-lg border border-amber-400/60 bg-slate-800 p-3 text-sm">
      <Heading className="font-semibold text-amber-100">
        {notam.reference} · {notam.audience === 'EVERYONE' ? t('everyone', { fir: notam.fir }) : notam.locations.join(' ')}
      </Heading>
      <p className="text-xs text-slate-300">{t('validity', { from: utc(notam.validFrom), until })}</p>
      {notam.schedule ? <p className="text-xs text-slate-300">{t('schedule', { schedule: notam.schedule })}</p> : null}
      <p className="font-mono whitespace-pre-wrap text-slate-50">{notam.text}</p>
    </article>
  );
};
