import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { followOwnAircraftStore } from '../hooks/use-follow-own-aircraft';
import { FollowOwnAircraftButton } from './follow-own-aircraft-button';

afterEach(() => act(() => followOwnAircraftStore.reset()));

describe('the follow control of the live map', () => {
  it('is a visible, named toggle: pressed while following, a click on it stops, another takes the map back', async () => {
    renderWithProviders(<FollowOwnAircraftButton />);
    const button = screen.getByRole('button', { name: 'Follow my aircraft' });
    expect(button).toHaveTextContent('Follow my aircraft');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAttribute('title', 'Take the map back to my aircraft and follow it');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(followOwnAircraftStore.getState()).toEqual({ isFollowing: true, focusRequest: 1 });

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(followOwnAircraftStore.getState().isFollowing).toBe(false);
  });

  it('shows follow mode turned on by the map for a flight, and off again when the pilot pans away', () => {
    renderWithProviders(<FollowOwnAircraftButton />);
    const button = screen.getByRole('button', { name: 'Follow my aircraft' });
    act(() => followOwnAircraftStore.followOnce('f1'));
    expect(button).toHaveAttribute('aria-pressed', 'true');
    // The map's drag handler: follow ends, and the same flight is not followed again by itself.
    act(() => followOwnAircraftStore.set(false));
    act(() => followOwnAircraftStore.followOnce('f1'));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    // A new flight opens followed again.
    act(() => followOwnAircraftStore.followOnce('f2'));
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });
});
