import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { networkStatusStore } from '../hooks/use-network-status';
import { MapSettingsButton } from './map-settings-button';

const stored = () => JSON.parse(localStorage.getItem('contrail.mapSettings') ?? 'null') as Record<string, unknown> | null;
const configured = { styleUrl: null, weatherTileUrl: 'https://tiles.example/{layer}/{z}/{x}/{y}.png?appid=KEY' };

describe('map settings popover', () => {
  afterEach(() => act(() => networkStatusStore.set({})));

  it('shows the spec defaults: 3D globe, Contrail, IVAO and VATSIM on, no weather, no last position', async () => {
    renderWithProviders(<MapSettingsButton config={configured} />);
    await userEvent.click(screen.getByRole('button', { name: 'Map settings' }));
    expect(screen.getByRole('radio', { name: '3D globe' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2D' })).not.toBeChecked();
    for (const network of ['Contrail', 'IVAO', 'VATSIM']) expect(screen.getByRole('checkbox', { name: network })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'My last position' })).not.toBeChecked();
    for (const layer of ['Day-night', 'Cloud', 'Precipitation', 'Temperature', 'Wind', 'Pressure']) {
      expect(screen.getByRole('checkbox', { name: layer })).not.toBeChecked();
    }
    expect(stored()).toBeNull();
  });

  it('saves every change on the device under contrail.mapSettings and reads it back', async () => {
    const first = renderWithProviders(<MapSettingsButton config={configured} />);
    await userEvent.click(screen.getByRole('button', { name: 'Map settings' }));
    await userEvent.click(screen.getByRole('radio', { name: '2D' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'IVAO' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'My last position' }));
    expect(stored()).toMatchObject({ mode: 1, map: 0, networks: { ivao: false, contrail: true, vatsim: true, lastPosition: true } });
    first.unmount();

    renderWithProviders(<MapSettingsButton config={configured} />);
    await userEvent.click(screen.getByRole('button', { name: 'Map settings' }));
    expect(screen.getByRole('radio', { name: '2D' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'IVAO' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'My last position' })).toBeChecked();
  });

  it('allows two weather layers at once and refuses a third with a message, changing nothing', async () => {
    renderWithProviders(<MapSettingsButton config={configured} />);
    await userEvent.click(screen.getByRole('button', { name: 'Map settings' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Day-night' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wind' }));
    expect(screen.getByText('2 of 2 weather layers on')).toBeInTheDocument();
    const before = localStorage.getItem('contrail.mapSettings');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Cloud' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only 2 weather layers at once: turn one off first.');
    expect(screen.getByRole('checkbox', { name: 'Cloud' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cloud' })).toHaveAttribute('aria-disabled', 'true');
    expect(localStorage.getItem('contrail.mapSettings')).toBe(before);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Wind' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cloud' }));
    expect(screen.getByRole('checkbox', { name: 'Cloud' })).toBeChecked();
    expect(stored()).toMatchObject({ weatherLayers: { light: { checked: true }, cloud: { checked: true }, wind: { checked: false } } });
  });

  it('explains how to enable the tile layers when no weather provider is configured (day-night needs none)', async () => {
    renderWithProviders(<MapSettingsButton config={{ styleUrl: null, weatherTileUrl: null }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Map settings' }));
    expect(screen.getByRole('checkbox', { name: 'Cloud' })).toHaveAccessibleDescription('Not offered by this Contrail server yet.');
    expect(screen.getByRole('checkbox', { name: 'Day-night' })).not.toHaveAccessibleDescription(/Contrail server/);
  });

  it("says once, beside the network's toggle, that this server does not receive VATSIM or IVAO; nothing once turned off", async () => {
    renderWithProviders(<MapSettingsButton config={configured} />);
    const button = screen.getByRole('button', { name: 'Map settings' });
    expect(screen.queryByTestId('map-settings-attention')).not.toBeInTheDocument();
    act(() => networkStatusStore.set({ vatsim: 'NOT_CONFIGURED', ivao: 'NOT_CONFIGURED' }));
    // The button is marked (not a note over the page); the popover says why.
    expect(screen.getByTestId('map-settings-attention')).toBeInTheDocument();
    await userEvent.click(button);
    const note = "This Contrail server does not receive this network's traffic.";
    expect(screen.getByRole('checkbox', { name: 'VATSIM' })).toHaveAccessibleDescription(note);
    expect(screen.getByRole('checkbox', { name: 'IVAO' })).toHaveAccessibleDescription(note);
    expect(screen.getByRole('checkbox', { name: 'Contrail' })).not.toHaveAccessibleDescription(/./);
    expect(screen.getAllByText(note)).toHaveLength(2);

    await userEvent.click(screen.getByRole('checkbox', { name: 'VATSIM' }));
    expect(screen.getByRole('checkbox', { name: 'VATSIM' })).not.toHaveAccessibleDescription(/./);
    expect(screen.getAllByText(note)).toHaveLength(1);
  });

  it('recovers from a corrupt stored value with the defaults', async () => {
    localStorage.setItem('contrail.mapSettings', '{"mode":7,"weatherLayers":"x"');
    renderWithProviders(<MapSettingsButton config={configured} />);
    await userEvent.click(screen.getByRole('button', { name: 'Map settings' }));
    expect(screen.getByRole('radio', { name: '3D globe' })).toBeChecked();
  });
});
