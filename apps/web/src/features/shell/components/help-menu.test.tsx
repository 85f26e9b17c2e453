import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { HelpMenu } from './help-menu';

describe('help menu', () => {
  it('points to the in-app help pages, in the same tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpMenu />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Help centre', '/help'],
      ['Getting started', '/help/getting-started'],
      ['The tracker', '/help/tracker'],
      ['Scoring rules', '/help/scoring'],
      ['Frequently asked questions', '/help/faq'],
    ]);
    for (const link of links) expect(link).not.toHaveAttribute('target');
  });

  it('navigates in the app and closes', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<HelpMenu />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(screen.getByRole('link', { name: 'The tracker' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help/tracker'));
    expect(screen.queryByRole('link', { name: 'The tracker' })).toBeNull();
  });
});
