import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';
import { canInAirline } from '../../features/airline-mgr/lib/airline-access';
import { ReviewQueue } from '../../features/flight-review/components/review-queue';
import { ReviewThresholdsPanel } from '../../features/flight-review/components/review-thresholds-form';
import { renderReviewedTrack } from '../flight-review/reviewed-flight-track';

/** /airline-mgr/flight-review: the airline's flights held for review, and its review rules. */
export const Component = () => {
  const { t } = useTranslation('flightReview');
  const [searchParams] = useSearchParams();
  const isFlightOpen = searchParams.has('flight');
  return (
    <ManagedAirlinePage title={t('nav.airline')}>
      {(airline) =>
        canInAirline(airline, 'airline.flight.review') ? (
          <div className="flex flex-col gap-8">
            <ReviewQueue scope={{ kind: 'airline', airlineId: airline.id }} renderTrack={renderReviewedTrack} />
            {isFlightOpen ? null : <ReviewThresholdsPanel airlineId={airline.id} canEdit={canInAirline(airline, 'airline.review-rules.update')} />}
          </div>
        ) : (
          <Alert tone="warning">{t('queue.membersCannotReview')}</Alert>
        )
      }
    </ManagedAirlinePage>
  );
};
