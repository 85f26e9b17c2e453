import { useTranslation } from 'react-i18next';
import type { TBookedFlight } from '@contrail/domain/airline/airline-contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useCancelBooking, useMyBookings } from '../api/airline-flights';

/** Where the flight configuration takes over: the booked route and plane, locked. */
export const flyBookingPath = (booking: TBookedFlight) => {
  const { flight } = booking;
  const query = new URLSearchParams({
    type: 'AIRLINE',
    airlineId: booking.airlineId,
    departure: flight.departureAirport,
    arrival: flight.arrivalAirport,
    flightNumber: flight.flightNumber,
    aircraft: flight.aircraft.icao,
  });
  return `/flight/configuration?${query.toString()}`;
};

/** The pilot's booked planes: fly one with the tracker, or give it back. */
export const MyBookings = () => {
  const { t } = useTranslation('airlinePilot');
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  if (bookings.isPending) return <p role="status">{t('common:loading')}</p>;
  if (bookings.isError) return <Alert tone="error">{errorMessage(bookings.error)}</Alert>;
  return (
    <section aria-labelledby="my-bookings" className="flex flex-col gap-2">
      <h2 id="my-bookings" className="text-lg font-semibold text-slate-50">
        {t('bookings.title')}
      </h2>
      {bookings.data.isGrounded ? <Alert tone="warning">{t('reasons.ERR_0006')}</Alert> : null}
      {cancel.isError ? <Alert tone="error">{errorMessage(cancel.error)}</Alert> : null}
      {bookings.data.flights.length === 0 ? (
        <p className="text-sm text-slate-200">{t('bookings.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {bookings.data.flights.map((booking) => (
            <li key={booking.bidId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-600 p-3 text-sm">
              <span>
                {t('bookings.item', {
                  flightNumber: booking.flight.flightNumber,
                  departure: booking.flight.departureAirport,
                  arrival: booking.flight.arrivalAirport,
                  registration: booking.flight.aircraft.registration,
                  icao: booking.flight.aircraft.icao,
                })}
              </span>
              {booking.state === 'FLYING' ? (
                <TextLink to="/flight/current">{t('bookings.flying')}</TextLink>
              ) : (
                <span className="flex gap-2">
                  <TextLink to={flyBookingPath(booking)} className={buttonClasses('primary')}>
                    {t('bookings.fly')}
                  </TextLink>
                  <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate({ airlineId: booking.airlineId, bidId: booking.bidId })}>
                    {t('bookings.cancel')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
