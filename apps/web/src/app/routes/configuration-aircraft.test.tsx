import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aircraftCatalogue, findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { defaultConfigurationOf } from '@contrail/domain/reference/aircraft-configuration';
import { buildUser, signInForTest } from '../../testing/factories';
import { installFakeFetch, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render';

const pageApi = () =>
  installFakeFetch({
    'GET /api/v1/user/information': () => json(buildUser()),
    'GET /api/core/v1/aircraft-information': () => json(aircraftCatalogue),
    'GET /api/core/v1/aircraft-config/type/DEFAULT/icao/A320': () => json(defaultConfigurationOf(findAircraftByIcao('A320')!)),
    'GET /api/core/v1/aircraft-config/user/user-1': () => json([]),
  });

describe('/configuration/aircraft', () => {
  it('groups the types by category and shows the picked type, its default seats and an empty custom list', async () => {
    signInForTest();
    pageApi();
    const { router } = renderApp('/configuration/aircraft');
    const select = await screen.findByRole('combobox', { name: 'Aircraft type' });
    expect(within(select).getByRole('group', { name: 'Medium haul' })).toContainElement(within(select).getByRole('option', { name: 'A320 — Airbus A320' }));
    expect(screen.getByText('Choose an aircraft type to see its figures and seat configurations.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search a type'), 'a32');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a type…',
      'A320 — Airbus A320',
      'A20N — Airbus A320neo',
      'A321 — Airbus A321',
      'A21N — Airbus A321neo',
    ]);
    expect(screen.getByText('4 types match')).toBeInTheDocument();
    await userEvent.selectOptions(select, 'A320');
    expect(router.state.location.search).toBe('?icao=A320');

    const figures = await screen.findByRole('region', { name: 'Figures of the A320' });
    expect(within(figures).getByText('3,300 NM')).toBeInTheDocument();
    expect(within(figures).getByText('180')).toBeInTheDocument();
    expect(within(figures).getByText('78,000 kg')).toBeInTheDocument();
    expect(within(figures).getByText('447 kts')).toBeInTheDocument();
    expect(await screen.findByText('Airbus A320 (default)')).toBeInTheDocument();
    expect(screen.getByText(/First 0 · Business 12 · Economy 138 — 150 of 180 seats/)).toBeInTheDocument();
    expect(await screen.findByText('You have no configuration of your own for the A320 yet.')).toBeInTheDocument();
  });

  it('says so for an unknown type in the address', async () => {
    signInForTest();
    pageApi();
    renderApp('/configuration/aircraft?icao=ZZZZ');
    expect(await screen.findByText('There is no aircraft type ZZZZ. Choose one from the list.')).toBeInTheDocument();
  });
});
