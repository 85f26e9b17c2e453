import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';

/** A friendly "coming soon" page with a way back, for pages a later issue builds. */
export const ComingSoonPage = ({ pageKey }: { pageKey: string }) => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <div className="mx-auto mt-8 max-w-lg">
      <Panel title={t(`pages.${pageKey}`)}>
        <p className="mb-2 text-lg font-medium text-sky-200">{t('comingSoon.title')}</p>
        <p className="mb-6 text-sm text-slate-200">{t('comingSoon.text')}</p>
        <div className="flex items-center gap-4">
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            {t('comingSoon.back')}
          </Button>
          <TextLink to="/" className={buttonClasses('ghost')}>
            {t('comingSoon.home')}
          </TextLink>
        </div>
      </Panel>
    </div>
  );
};

/** The route module for a page that is not built yet (see src/app/routes.tsx). */
export const comingSoonRoute = (pageKey: string) => ({
  Component: () => <ComingSoonPage pageKey={pageKey} />,
  handle: { comingSoon: true, pageKey },
});

export const Component = () => <ComingSoonPage pageKey="comingSoon" />;
