import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import { renderWithProviders } from '../../../testing/render';
import { CruiseLevelForm } from './cruise-level-form';

/** The tracker's answer to the control, as the hub would give it. */
const answering = (result: TFlightControlResult) => vi.fn<(control: TFlightControl) => Promise<TFlightControlResult>>().mockResolvedValue(result);

describe('the cruise level form of the current flight', () => {
  it('sends UpdateCruiseLevel with the new level and says it changed', async () => {
    const onControl = answering({ accepted: true, rejection: null });
    renderWithProviders(<CruiseLevelForm cruiseLevelFt={35_000} onControl={onControl} isDisabled={false} />);
    const field = await screen.findByLabelText(/New cruise level/);
    expect(field).toHaveValue(35_000);
    expect(screen.getByText('Now 35000 ft. In feet: FL370 is 37000.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '37000{Enter}');
    expect(onControl).toHaveBeenCalledWith({ type: 'UpdateCruiseLevel', cruiseLevelFt: 37_000 });
    expect(await screen.findByText('Cruise level changed to 37000 ft.')).toBeInTheDocument();
  });

  it('refuses a level out of range or not whole without sending anything', async () => {
    const onControl = answering({ accepted: true, rejection: null });
    renderWithProviders(<CruiseLevelForm cruiseLevelFt={35_000} onControl={onControl} isDisabled={false} />);
    const field = await screen.findByLabelText(/New cruise level/);
    for (const typed of ['70000', '500', '35000.5']) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Change the cruise level' }));
      expect(await screen.findByText('Cruise level must be a whole number of feet between 1000 and 60000')).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Change the cruise level' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onControl).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in words", async () => {
    const onControl = answering({ accepted: false, rejection: 'SAME_CRUISE_LEVEL' });
    renderWithProviders(<CruiseLevelForm cruiseLevelFt={35_000} onControl={onControl} isDisabled={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change the cruise level' }));
    expect(await screen.findByText('The flight is already at this cruise level.')).toBeInTheDocument();
  });

  it('cannot be used while the tracker is not following the flight', async () => {
    renderWithProviders(<CruiseLevelForm cruiseLevelFt={35_000} onControl={answering({ accepted: true, rejection: null })} isDisabled />);
    expect(await screen.findByLabelText(/New cruise level/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change the cruise level' })).toBeDisabled();
  });
});
