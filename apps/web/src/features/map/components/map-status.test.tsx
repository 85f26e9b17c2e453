import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMapSettings, toggleWeatherLayer } from '@contrail/domain/map/map-settings';
import { renderWithProviders } from '../../../testing/render';
import type { TrafficState } from '../hooks/use-live-traffic';
import { MAP_STATUS_NOTE_VISIBLE_MS, MapStatus } from './map-status';

const ok: TrafficState = { aircraft: [], receivedAtMs: 0, unavailable: null };

describe('the map status notes', () => {
  afterEach(() => vi.useRealTimers());

  it("say in a pilot's words what the map cannot show, then give the screen back", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { settings } = toggleWeatherLayer(defaultMapSettings(), 'cloud');
    renderWithProviders(
      <MapStatus
        settings={{ ...settings, networks: { ...settings.networks, vatsim: true } }}
        traffic={{ contrail: ok, ivao: ok, vatsim: { aircraft: null, receivedAtMs: 0, unavailable: 'NOT_CONFIGURED' } }}
        config={{ styleUrl: null, weatherTileUrl: null }}
      />,
    );
    const status = await screen.findByRole('status', { name: 'Map layers status' });
    expect(status).toHaveTextContent('VATSIM traffic unavailable: this Contrail server does not receive it');
    expect(status).toHaveTextContent('The Cloud layer is not offered by this Contrail server yet.');
    expect(status).not.toHaveTextContent(/VITE_|configured/);
    await act(async () => {
      vi.advanceTimersByTime(MAP_STATUS_NOTE_VISIBLE_MS + 100);
    });
    expect(status).toBeEmptyDOMElement();
  });
});
