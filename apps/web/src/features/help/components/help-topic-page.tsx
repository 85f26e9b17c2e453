import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Panel } from '../../../components/ui/panel';
import { linkClasses, TextLink } from '../../../components/ui/text-link';
import { sectionKey, type THelpTopic } from '../lib/help-topics';
import { HelpBlock } from './help-block';
import { HelpTopicList } from './help-topic-list';

/**
 * Brings a section to the top of the column that scrolls. Not scrollIntoView: that also scrolls
 * the shell's fixed frame (overflow hidden), pushing the top bar off the screen.
 */
const scrollToSection = (section: HTMLElement) => {
  let column = section.parentElement;
  while (column && !/(auto|scroll)/.test(getComputedStyle(column).overflowY)) column = column.parentElement;
  const offsetPx = section.getBoundingClientRect().top - (column ? column.getBoundingClientRect().top : 0);
  if (column) column.scrollTop += offsetPx;
  else window.scrollBy(0, offsetPx);
};

/**
 * One help page: its title, a table of contents of its sections (plain #anchors, so a section can
 * be linked from elsewhere in the app, e.g. /help/scoring#miles), the sections, and the other topics.
 */
export const HelpTopicPage = ({ topic }: { topic: THelpTopic }) => {
  const { t } = useTranslation('help');
  const { hash } = useLocation();
  const base = `topics.${topic.key}`;

  // The router does not scroll to an anchor on arrival; a contextual link (wallet -> miles) needs it.
  useEffect(() => {
    const section = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) scrollToSection(section);
  }, [hash, topic.slug]);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 lg:flex-row lg:items-start">
      <Panel title={t(`${base}.title`)} className="min-w-0 flex-1 p-4 sm:p-6">
        <p className="mb-4 text-sm text-slate-300">
          <TextLink to="/help">{t('backToIndex')}</TextLink>
        </p>
        <p className="mb-4 text-slate-200">{t(`${base}.summary`)}</p>
        <nav aria-labelledby="help-toc-title" className="mb-6 rounded-lg border border-slate-700 bg-slate-950/50 p-4">
          <h2 id="help-toc-title" className="mb-2 text-sm font-semibold tracking-wide text-slate-300 uppercase">
            {t('toc')}
          </h2>
          <ol className="flex list-decimal flex-col gap-1 pl-6 text-sm">
            {topic.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={linkClasses}>
                  {t(`${base}.${sectionKey(section.id)}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex flex-col gap-8">
          {topic.sections.map((section) => {
            const prefix = `${base}.${sectionKey(section.id)}`;
            return (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="flex scroll-mt-4 flex-col gap-3 leading-relaxed text-slate-100">
                <h2 id={`${section.id}-title`} className="text-lg font-semibold text-white">
                  {t(`${prefix}.title`)}
                </h2>
                {section.blocks.map((block, index) => (
                  <HelpBlock key={index} block={block} prefix={prefix} />
                ))}
              </section>
            );
          })}
        </div>
      </Panel>
      <nav aria-label={t('otherTopics')} className="rounded-xl border border-slate-700 bg-slate-900 p-4 lg:sticky lg:top-0 lg:w-64 lg:shrink-0">
        <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-300 uppercase">{t('otherTopics')}</h2>
        <HelpTopicList current={topic.slug} />
      </nav>
    </div>
  );
};
