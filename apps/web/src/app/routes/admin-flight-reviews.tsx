import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { ReviewQueue } from '../../features/flight-review/components/review-queue';
import { renderReviewedTrack } from '../flight-review/reviewed-flight-track';

/** /admin/flight-review: the site admins' queue, every flight held for review that is not an airline's. */
export const Component = () => {
  const { t } = useTranslation('flightReview');
  return (
    <Panel title={t('nav.site')} className="mx-auto max-w-5xl">
      <ReviewQueue scope={{ kind: 'site' }} renderTrack={renderReviewedTrack} />
    </Panel>
  );
};
