import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PncData } from '@contrail/domain/flight/cabin-simulation';
import type { TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import { renderWithProviders } from '../../../testing/render';
import { CabinControls } from './cabin-controls';

const perClass = { first: 60, business: 60, economy: 60 };
const pncData = (overrides: Partial<PncData> = {}): PncData => ({
  dutyFree: false,
  ife: false,
  seatBelt: true,
  currentAnnouncement: null,
  currentFoodService: null,
  incidents: [],
  passengersCalmness: perClass,
  passengersEntertainement: perClass,
  passengersSatiatedPoint: perClass,
  addedDepartureMinutes: 0,
  addedArrivalMinutes: 0,
  ...overrides,
});
const accepted = () => vi.fn<(control: TFlightControl) => Promise<TFlightControlResult>>().mockResolvedValue({ accepted: true, rejection: null });

describe('the cabin controls while an announcement or a service runs', () => {
  it('disables the other announcements with the reason, and keeps the running one to stop it', async () => {
    const onControl = accepted();
    renderWithProviders(
      <CabinControls pncData={pncData({ currentAnnouncement: { type: 2, durationSeconds: 120, startedAtMs: 0 } })} onControl={onControl} isDisabled={false} />,
    );
    const boarding = await screen.findByRole('button', { name: 'Boarding' });
    expect(boarding).toBeDisabled();
    expect(boarding).toHaveAccessibleDescription('Other announcements wait until “Safety demonstration” ends (or you stop it).');
    const stop = screen.getByRole('button', { name: 'Stop: Safety demonstration' });
    expect(stop).toBeEnabled();
    await userEvent.click(stop);
    expect(onControl).toHaveBeenCalledWith({ type: 'LaunchAnnouncement', announcementType: 2 });
    // A food service is refused while an announcement runs, too.
    expect(screen.getByRole('button', { name: 'Lunch' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Lunch' })).toHaveAccessibleDescription('Food services wait until “Safety demonstration” ends (or you stop it).');
  });

  it('disables the other food services while one runs, and enables everything when none does', async () => {
    const { rerender } = renderWithProviders(
      <CabinControls pncData={pncData({ currentFoodService: { type: 1, durationSeconds: 600, startedAtMs: 0 } })} onControl={accepted()} isDisabled={false} />,
    );
    expect(await screen.findByRole('button', { name: 'Dinner' })).toBeDisabled();
    expect(screen.getByText('Food services wait until “Lunch” ends (or you stop it).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boarding' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop: Lunch' })).toBeEnabled();
    rerender(<CabinControls pncData={pncData()} onControl={accepted()} isDisabled={false} />);
    expect(screen.getByRole('button', { name: 'Dinner' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cruise' })).toBeEnabled();
  });
});
