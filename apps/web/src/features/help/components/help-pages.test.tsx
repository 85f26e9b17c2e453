import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FC_LANDING_MULTIPLIER, LANDING_POINTS } from '@contrail/domain/rewards/reward-constants';
import { i18n } from '../../../lib/i18n';
import { resources } from '../../../testing/all-languages';
import { installFakeFetch } from '../../../testing/fake-api';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { HELP_TOPICS, sectionKey } from '../lib/help-topics';
import { HelpTopicPage } from './help-topic-page';

/** A topic's texts in one language, read straight from the locale file (not through the page). */
type TopicTexts = { title: string; summary: string } & Record<string, { title: string }>;
const topicTexts = (language: 'en' | 'fr' | 'es', key: string): TopicTexts =>
  (resources[language].help.topics as unknown as Record<string, TopicTexts>)[key]!;

describe.each(['en', 'fr', 'es'] as const)('help pages in %s', (language) => {
  it.each(HELP_TOPICS.map((topic) => [topic.slug, topic] as const))('%s shows its title, its table of contents and every section', async (_, topic) => {
    await i18n.changeLanguage(language);
    const texts = topicTexts(language, topic.key);
    const { container } = renderWithProviders(<HelpTopicPage topic={topic} />, `/help/${topic.slug}`);

    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: resources[language].help.toc });
    const entries = within(toc).getAllByRole('link');
    expect(entries.map((link) => link.textContent)).toEqual(topic.sections.map((section) => texts[sectionKey(section.id)]!.title));
    for (const [index, section] of topic.sections.entries()) {
      expect(entries[index]).toHaveAttribute('href', `#${section.id}`);
      const target = container.querySelector(`section#${section.id}`);
      expect(target, `section #${section.id}`).not.toBeNull();
      expect(within(target as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(texts[sectionKey(section.id)]!.title);
    }
    // Every text resolved: no key path or empty {{placeholder}} left on the page.
    expect(container.textContent).not.toMatch(/\btopics\.|\btables\.|flightLog:|\{\{/);
  });
});

describe('help centre routes', () => {
  it('shows the index without an account, with every topic', async () => {
    installFakeFetch({});
    const { router } = renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/help');
    const topics = screen.getByRole('navigation', { name: 'Help topics' });
    expect(within(topics).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(HELP_TOPICS.map((topic) => `/help/${topic.slug}`));
  });

  it('is linked from the sign-in page for visitors', async () => {
    installFakeFetch({});
    const { router } = renderApp('/login');
    (await screen.findByRole('link', { name: 'Help' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
  });

  it('opens a topic by its address without an account', async () => {
    installFakeFetch({});
    renderApp('/help/ledger');
    expect(await screen.findByRole('heading', { level: 1, name: 'The ledger' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Blocks and “block #0”' })).toBeInTheDocument();
  });

  it('shows the index with a clear message for an unknown topic', async () => {
    installFakeFetch({});
    const { router } = renderApp('/help/warp-drive');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('There is no help page called “warp-drive”. Choose a topic below.');
    expect(router.state.location.pathname).toBe('/help/warp-drive');
    expect(screen.getByRole('link', { name: 'Getting started' })).toHaveAttribute('href', '/help/getting-started');
  });

  it('follows a topic link from the index', async () => {
    installFakeFetch({});
    const { router } = renderApp('/help');
    (await screen.findByRole('link', { name: 'Scoring rules' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/help/scoring'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Scoring rules' })).toBeInTheDocument();
  });
});

describe('scoring page figures', () => {
  const scoring = HELP_TOPICS.find((topic) => topic.slug === 'scoring')!;

  it('draws the landing table from the domain tiers', () => {
    renderWithProviders(<HelpTopicPage topic={scoring} />, '/help/scoring');
    const table = screen.getByRole('table', { name: 'Landing ratings' });
    const butter = within(table).getByRole('row', { name: /Butter/ });
    expect(butter).toHaveTextContent('up to 120 ft/min');
    expect(butter).toHaveTextContent(String(LANDING_POINTS.butter));
    expect(butter).toHaveTextContent(`× ${FC_LANDING_MULTIPLIER.butter}`);
    expect(within(table).getByRole('row', { name: /Very hard/ })).toHaveTextContent('above 600 ft/min');
  });

  it('lists the penalised events with their points and leaves free events out', () => {
    renderWithProviders(<HelpTopicPage topic={scoring} />, '/help/scoring');
    const table = screen.getByRole('table', { name: 'Events that cost flight-score points' });
    expect(within(table).getByRole('row', { name: 'Crash 100' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Position jump 30' })).toBeInTheDocument();
    expect(within(table).queryByText('Gear down')).toBeNull();
  });

  it('states the rules with the domain figures', () => {
    renderWithProviders(<HelpTopicPage topic={scoring} />, '/help/scoring');
    // 200 NM x 1 FC x 1.2 (medium haul) x 1.05 (firm) x 1 (score 100) = 252.
    expect(screen.getByText(/a perfect score pays 252 FC/)).toBeInTheDocument();
    expect(screen.getByText(/0.5 XP per nautical mile paid, 30 XP per hour in the air and 0.5 XP per landing point/)).toBeInTheDocument();
    expect(screen.getByText(/beyond 8 hours within 24 hours .* for 24 hours.* beyond 100 hours/)).toBeInTheDocument();
  });
});
