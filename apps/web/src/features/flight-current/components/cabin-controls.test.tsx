import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PncData } from '@contrail/domain/flight/cabin-simulation';
import type { TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import { renderWithProviders } from '../../../testing/render';
import { CabinControls, IncidentList } from './cabin-controls';

const perClass = { first: 60, business: 60, economy: 60 };
const pncData = (overrides: Partial<PncData> = {}): PncData => ({
  dutyFree: false,
  ife: false,
  seatBelt: true,
  currentAnnouncement: null,
  currentFoodService: null,
  launchedAnnouncements: [],
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
      <CabinControls pncData={pncData({ currentAnnouncement: { type: 2, durationSeconds: 120, startedAtMs: 0 }, launchedAnnouncements: [2] })} step="taxi_out" onControl={onControl} isDisabled={false} />,
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
      <CabinControls pncData={pncData({ currentFoodService: { type: 1, durationSeconds: 600, startedAtMs: 0 } })} step="cruise" onControl={accepted()} isDisabled={false} />,
    );
    expect(await screen.findByRole('button', { name: 'Dinner' })).toBeDisabled();
    expect(screen.getByText('Food services wait until “Lunch” ends (or you stop it).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boarding' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop: Lunch' })).toBeEnabled();
    rerender(<CabinControls pncData={pncData()} step="cruise" onControl={accepted()} isDisabled={false} />);
    expect(screen.getByRole('button', { name: 'Dinner' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cruise' })).toBeEnabled();
  });
});

describe('the cabin controls the rules forbid at this step', () => {
  it('at the gate: announcements of later steps and meals wait, with the steps they belong to', async () => {
    const onControl = accepted();
    const user = userEvent.setup();
    renderWithProviders(<CabinControls pncData={pncData()} step="boarding" onControl={onControl} isDisabled={false} />);
    expect(await screen.findByRole('button', { name: 'Boarding' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Safety demonstration' })).toBeEnabled();
    const cruise = screen.getByRole('button', { name: 'Cruise' });
    expect(cruise).toBeDisabled();
    expect(cruise).toHaveAccessibleDescription('The “Cruise” announcement is made during: Climb, Cruise, or Level flight.');
    expect(screen.getByText('The “After landing” announcement is made during: Landing, Taxi in, or On block.')).toBeVisible();
    const lunch = screen.getByRole('button', { name: 'Lunch' });
    expect(lunch).toBeDisabled();
    expect(lunch).toHaveAccessibleDescription('Food is served during: Climb, Cruise, or Level flight.');
    // One line for the four meals, not four.
    expect(screen.getAllByText('Food is served during: Climb, Cruise, or Level flight.')).toHaveLength(1);
    await user.click(cruise);
    await user.click(lunch);
    expect(onControl).not.toHaveBeenCalled();
    // Before off-block the departure estimate may still move.
    expect(screen.getByRole('button', { name: 'Delay the departure' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Boarding' }));
    expect(onControl).toHaveBeenCalledWith({ type: 'LaunchAnnouncement', announcementType: 0 });
  });

  it('in cruise: announcements already made stay disabled, the departure estimate is history', async () => {
    renderWithProviders(<CabinControls pncData={pncData({ launchedAnnouncements: [0, 2, 6] })} step="cruise" onControl={accepted()} isDisabled={false} />);
    const boarding = await screen.findByRole('button', { name: 'Boarding' });
    expect(boarding).toBeDisabled();
    expect(boarding).toHaveAccessibleDescription('The “Boarding” announcement was already made on this flight.');
    expect(screen.getByRole('button', { name: 'Cruise' })).toHaveAccessibleDescription('The “Cruise” announcement was already made on this flight.');
    expect(screen.getByRole('button', { name: 'Descent' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Lunch' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Seat belt sign/ })).toBeEnabled();
    const departure = screen.getByRole('button', { name: 'Delay the departure' });
    expect(departure).toBeDisabled();
    expect(departure).toHaveAccessibleDescription('The aircraft has left its stand: the departure estimate can no longer change.');
    expect(screen.getByRole('button', { name: 'Delay the arrival' })).toBeEnabled();
  });

  it('on blocks at arrival: the arrival estimate is history too', async () => {
    renderWithProviders(<CabinControls pncData={pncData({ launchedAnnouncements: [0, 2, 6, 7] })} step="block_on" onControl={accepted()} isDisabled={false} />);
    const arrival = await screen.findByRole('button', { name: 'Delay the arrival' });
    expect(arrival).toBeDisabled();
    expect(arrival).toHaveAccessibleDescription('The aircraft is on blocks: the arrival estimate can no longer change.');
    expect(screen.getByRole('button', { name: 'After landing' })).toBeEnabled();
  });

  it('blocks nothing on the step while the step is unknown (the tracker still judges)', async () => {
    renderWithProviders(<CabinControls pncData={pncData()} step={null} onControl={accepted()} isDisabled={false} />);
    expect(await screen.findByRole('button', { name: 'Cruise' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Lunch' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delay the departure' })).toBeEnabled();
  });

  it('words a refusal the tracker still sends, never its code', async () => {
    const onControl = vi.fn<(control: TFlightControl) => Promise<TFlightControlResult>>().mockResolvedValue({ accepted: false, rejection: 'ALREADY_ARRIVED' });
    const user = userEvent.setup();
    renderWithProviders(<CabinControls pncData={pncData()} step="taxi_in" onControl={onControl} isDisabled={false} />);
    await user.click(await screen.findByRole('button', { name: 'Delay the arrival' }));
    expect(await screen.findByText('The aircraft is on blocks: the arrival estimate can no longer change.')).toBeInTheDocument();
    expect(screen.queryByText(/ALREADY_ARRIVED/)).not.toBeInTheDocument();
  });
});

describe('the cabin incidents', () => {
  it('name the flight step and never show a raw parameter', async () => {
    renderWithProviders(
      <IncidentList
        incidents={[
          { code: 10, key: 'ANNOUNCEMENT_IN_BAD_FLIGHT_STEP', parameters: [{ key: 'type', value: 6 }, { key: 'flightStep', value: 'taxi_out' }], timeMs: 0 },
          { code: 8, key: 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS', parameters: [{ key: 'type', value: 2 }, { key: 'current', value: 0 }], timeMs: 1_000 },
        ]}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Cabin incidents' });
    expect(list).toHaveTextContent('Announcement or service at the wrong step (Taxi out).');
    expect(list).toHaveTextContent('Another announcement or food service was in progress.');
    expect(list.textContent).not.toMatch(/taxi_out|type:|current:/);
  });
});
