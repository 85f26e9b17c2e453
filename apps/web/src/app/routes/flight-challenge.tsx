import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { ChallengeBoard } from '../../features/challenge/components/challenge-board';
import { useCurrentUser } from '../../lib/auth';

/** /flight/challenge: the weekly challenge among pilots (docs/decisions/0051-weekly-challenge.md). */
export const Component = () => {
  const { t } = useTranslation('challenge');
  const user = useCurrentUser();
  return (
    <Panel title={t('title')} className="mx-auto max-w-4xl">
      {user ? <ChallengeBoard userId={user.id} /> : <p role="status">{t('common:loading')}</p>}
    </Panel>
  );
};
