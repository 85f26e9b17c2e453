import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import { HelpTopicList } from './help-topic-list';

/** The help centre's front page; `unknownTopic` is the address part that matched no page. */
export const HelpIndex = ({ unknownTopic }: { unknownTopic?: string }) => {
  const { t } = useTranslation('help');
  return (
    <Panel title={t('title')} className="mx-auto w-full max-w-5xl p-4 sm:p-6">
      <div className="flex flex-col gap-4">
        {unknownTopic === undefined ? null : <Alert tone="warning">{t('unknownTopic', { topic: unknownTopic })}</Alert>}
        <p className="text-slate-200">{t('intro')}</p>
        <nav aria-label={t('topicsLabel')}>
          <HelpTopicList withSummaries />
        </nav>
      </div>
    </Panel>
  );
};
