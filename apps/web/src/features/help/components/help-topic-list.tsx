import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/text-link';
import { HELP_TOPICS } from '../lib/help-topics';

/** Every help topic as a link; the one being read is marked, not linked to itself. */
export const HelpTopicList = ({ current, withSummaries = false }: { current?: string; withSummaries?: boolean }) => {
  const { t } = useTranslation('help');
  return (
    <ul className={withSummaries ? 'grid grid-cols-1 gap-3 md:grid-cols-2' : 'flex flex-col gap-1 text-sm'}>
      {HELP_TOPICS.map((topic) => (
        <li key={topic.slug} className={withSummaries ? 'rounded-lg border border-slate-700 bg-slate-950/50 p-4' : undefined}>
          {topic.slug === current ? (
            <span aria-current="page" className="font-semibold text-white">
              {t(`topics.${topic.key}.title`)}
            </span>
          ) : (
            <TextLink to={`/help/${topic.slug}`} className={withSummaries ? 'font-semibold' : undefined}>
              {t(`topics.${topic.key}.title`)}
            </TextLink>
          )}
          {withSummaries ? <p className="mt-1 text-sm text-slate-300">{t(`topics.${topic.key}.summary`)}</p> : null}
        </li>
      ))}
    </ul>
  );
};
