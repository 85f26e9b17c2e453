import { useTranslation } from 'react-i18next';
import type { TRouteFromAirport } from '@contrail/domain/airline/airline-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/handle-error';
import { useBookPlane, useRoutesFrom } from '../api/airline-flights';

/** Why a route or plane is closed to the pilot, in their words (the server's code picks the sentence). */
export const useReasonInWords = () => {
  const { t } = useTranslation('airlinePilot');
  return (code: string | null) => (code === null ? null : t(`reasons.${code}`, { defaultValue: t('reasons.unknown') }));
};

/**
 * The airline's routes from where the pilot stands: each with the planes parked there, a Book
 * button on those open to the pilot and, on the others, why not.
 */
export const RouteBoard = ({ airlineId, fromIdent }: { airlineId: string; fromIdent: string }) => {
  const { t } = useTranslation('airlinePilot');
  const routes = useRoutesFrom(airlineId, fromIdent);
  const book = useBookPlane(airlineId);
  const reasonOf = useReasonInWords();
  if (routes.isPending) return <p role="status">{t('common:loading')}</p>;
  if (routes.isError) return <Alert tone="error">{errorMessage(routes.error)}</Alert>;
  if (routes.data.items.length === 0) return <p className="text-sm text-slate-200">{t('routes.empty', { ident: fromIdent })}</p>;
  return (
    <div className="flex flex-col gap-3">
      {book.isError ? <Alert tone="error">{reasonOf(errorCodeOf(book.error)) ?? errorMessage(book.error)}</Alert> : null}
      {book.isSuccess ? <Alert tone="success">{t('routes.booked', { registration: book.data.flight.aircraft.registration, flightNumber: book.data.flight.flightNumber })}</Alert> : null}
      <ul className="flex flex-col gap-3">
        {routes.data.items.map((route) => (
          <RouteItem key={route.id} route={route} onBook={(planeId) => book.mutate({ planeId, routeId: route.id })} isBooking={book.isPending} />
        ))}
      </ul>
    </div>
  );
};

const errorCodeOf = (error: unknown): string | null => (isApiError(error) ? error.errorCode : null);

const RouteItem = ({ route, onBook, isBooking }: { route: TRouteFromAirport; onBook: (planeId: string) => void; isBooking: boolean }) => {
  const { t } = useTranslation('airlinePilot');
  const reasonOf = useReasonInWords();
  const headingId = `route-${route.id}`;
  return (
    <li className="rounded-md border border-slate-600 p-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-slate-50">
        {route.name} · {route.destinations.join(' → ')}
      </h3>
      <p className="text-sm text-slate-200">
        {t('routes.schedule', { departure: route.departureTime, arrival: route.arrivalTime, category: t(`categories.${route.planeCategory}`) })}
      </p>
      {route.restricted ? <p className="mt-1 text-sm text-amber-200">{reasonOf(route.restrictionReason)}</p> : null}
      {route.planes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-200">{t('routes.noPlane')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" aria-label={t('routes.planes')}>
          {route.planes.map((plane) => (
            <li key={plane.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {t('routes.plane', { registration: plane.registration, name: plane.name, icao: plane.icao, wear: Math.round(plane.wear) })}
              </span>
              {plane.restrictionReason === null ? (
                <Button onClick={() => onBook(plane.id)} disabled={isBooking} aria-label={t('routes.bookPlane', { registration: plane.registration, route: route.name })}>
                  {t('routes.book')}
                </Button>
              ) : (
                <span className="text-amber-200">{reasonOf(plane.restrictionReason)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
};
