import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { buildLogDetail } from '../testing/flight-log-fixtures';
import { LandingCard } from './landing-card';

// The fixture: EGLL → LFPG in an A320, -180 fpm, 1.21 g, runway 27R, 1,250 ft (381 m) past the threshold, 3.5 ft (1 m) left.
const SUMMARY = 'EGLL → LFPG · A320 · -180 fpm · 1.21 g · RWY 27R · 381 m past threshold · Contrail';

const card = async () => within(await screen.findByRole('region', { name: 'Landing card' }));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('the landing card', () => {
  it('shows the landing figures in one card and the one-line summary', async () => {
    renderWithProviders(<LandingCard log={buildLogDetail()} />);
    const landing = await card();
    expect(landing.getByText('-180 fpm')).toBeInTheDocument();
    expect(landing.getByText('1.21 g')).toBeInTheDocument();
    expect(landing.getByText('Smooth')).toBeInTheDocument();
    expect(landing.getByText('RWY 27R')).toBeInTheDocument();
    expect(landing.getByText('381 m past threshold')).toBeInTheDocument();
    expect(landing.getByText('1 m left')).toBeInTheDocument();
    expect(landing.getByText('8 points')).toBeInTheDocument();
    expect(landing.getByTestId('landing-share-text')).toHaveTextContent(SUMMARY);
  });

  it('copies the summary to the clipboard from the keyboard, and says so', async () => {
    const user = userEvent.setup(); // installs a clipboard the test can read back
    renderWithProviders(<LandingCard log={buildLogDetail()} />);
    const landing = await card();
    expect(landing.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument(); // jsdom has no share sheet
    landing.getByRole('button', { name: 'Copy' }).focus();
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe(SUMMARY);
    expect(landing.getByRole('status')).toHaveTextContent('Copied to the clipboard.');
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderWithProviders(<LandingCard log={buildLogDetail()} />);
    const landing = await card();
    await user.click(landing.getByRole('button', { name: 'Copy' }));
    expect(landing.getByRole('status')).toHaveTextContent('Could not copy: select the line above and copy it.');
  });

  it('opens the share sheet with the summary when the browser has one', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = userEvent.setup();
    renderWithProviders(<LandingCard log={buildLogDetail()} />);
    const landing = await card();
    await user.click(landing.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'My landing EGLL → LFPG', text: SUMMARY });
    expect(landing.getByRole('status')).toBeEmptyDOMElement();
  });

  it('leaves out the runway when none matched, and shows nothing without a landing', async () => {
    const log = buildLogDetail();
    const { unmount } = renderWithProviders(<LandingCard log={{ ...log, landing: { ...log.landing!, runway: null, verticalSpeedFpm: -612.4, gForce: 1.8 } }} />);
    const landing = await card();
    expect(landing.getByText('No runway matched')).toBeInTheDocument();
    expect(landing.getByTestId('landing-share-text')).toHaveTextContent('EGLL → LFPG · A320 · -612 fpm · 1.80 g · Contrail');
    unmount();
    renderWithProviders(
      <div>
        <p>after</p>
        <LandingCard log={{ ...log, landing: null }} />
      </div>,
    );
    expect(await screen.findByText('after')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Landing card' })).not.toBeInTheDocument();
  });
});
