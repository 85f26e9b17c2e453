import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render';
import { formatUtcClock } from '../hooks/use-utc-clock';
import { FreemiumCounter, freemiumIcon, freemiumTone } from './freemium-counter';
import { ProfileMenu } from './profile-menu';
import { TierLabel } from './tier-label';
import { UtcClock } from './utc-clock';
import '../../../lib/i18n';

describe('UTC clock', () => {
  it('formats HH:MM followed by Z, in UTC', () => {
    expect(formatUtcClock(new Date('2026-03-05T07:04:59Z'))).toBe('07:04Z');
    expect(formatUtcClock(new Date('2026-03-05T23:59:00+02:00'))).toBe('21:59Z');
    expect(formatUtcClock(new Date('2026-03-05T00:00:00Z'))).toBe('00:00Z');
  });

  it('ticks every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-05T10:58:59.500Z'));
    render(<UtcClock />);
    expect(screen.getByText('10:58Z')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('10:59Z')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('11:00Z')).toBeInTheDocument();
  });
});

describe('freemium mission counter', () => {
  it('picks an icon for 1, 2, 3 and one for any other count', () => {
    expect([0, 1, 2, 3, 4, 12].map(freemiumIcon)).toEqual(['other', 'one', 'two', 'three', 'other', 'other']);
  });

  it('is green unless none is left', () => {
    expect(freemiumTone(3)).toBe('success');
    expect(freemiumTone(1)).toBe('success');
    expect(freemiumTone(0)).toBe('warning');
  });

  it('renders the icon, the number and the colour', () => {
    const { container, rerender } = render(<FreemiumCounter remaining={2} />);
    expect(screen.getByRole('status', { name: '2 free missions left this month' })).toHaveAttribute('data-tone', 'success');
    expect(container.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'two');
    expect(screen.getByText('2')).toBeInTheDocument();

    rerender(<FreemiumCounter remaining={0} />);
    const status = screen.getByRole('status', { name: '0 free missions left this month' });
    expect(status).toHaveAttribute('data-tone', 'warning');
    expect(status.className).toContain('amber');
    expect(container.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'other');
  });
});

describe('gold / silver label', () => {
  it('says gold or silver', () => {
    const { rerender } = render(<TierLabel isPremium />);
    expect(screen.getByText('Gold')).toHaveAttribute('data-tier', 'gold');
    rerender(<TierLabel isPremium={false} />);
    expect(screen.getByText('Silver')).toHaveAttribute('data-tier', 'silver');
  });

  it('is gold for GOLD in pilot mode and for AIRLINE_MANAGER in airline mode only', async () => {
    const gold = buildUser({ subscriptions: [{ code: 'GOLD', endDate: null }] });
    const { unmount } = renderWithProviders(<ProfileMenu user={gold} mode="pilot" />);
    expect(await screen.findByText('Gold')).toBeInTheDocument();
    unmount();

    const { unmount: unmount2 } = renderWithProviders(<ProfileMenu user={gold} mode="airline_manager" />);
    expect(await screen.findByText('Silver')).toBeInTheDocument();
    unmount2();

    const manager = buildUser({ subscriptions: [{ code: 'AIRLINE_MANAGER', endDate: null }] });
    renderWithProviders(<ProfileMenu user={manager} mode="airline_manager" />);
    expect(await screen.findByText('Gold')).toBeInTheDocument();
  });
});
