import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAirline, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { PhpvmsImport } from './phpvms-import';

const URL_PATH = '/api/airline-manager/v1/airline/a1/phpvms-import';

describe('import from phpVMS', () => {
  it('sends the chosen CSV files and tells, file by file, what came in, what was refused on which line, and what is not kept', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`POST ${URL_PATH}`]: () =>
        json([
          { file: 'flights.csv', kind: 'flights', imported: 3, updated: 0, unchanged: 0, refused: [{ line: 3, reason: 'airline is required' }], notCarried: ['Days of operation are not carried'] },
          { file: 'notes.csv', kind: null, imported: 0, updated: 0, unchanged: 0, refused: [{ line: 1, reason: 'The header is not one of a phpVMS export' }], notCarried: [] },
        ]),
    });
    renderWithProviders(<PhpvmsImport airline={buildAirline({ id: 'a1', isOwner: true })} />);
    const button = screen.getByRole('button', { name: 'Import' });
    expect(button).toBeDisabled();
    const flights = new File(['airline,flight_number\n'], 'flights.csv', { type: 'text/csv' });
    const notes = new File(['a,b\n'], 'notes.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('phpVMS CSV files'), [flights, notes]);
    await userEvent.click(button);

    const results = await screen.findByRole('list', { name: 'What became of each file' });
    expect(within(results).getByText('flights.csv (flights): 3 added, 0 updated, 0 already there, 1 refused')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Rows refused in flights.csv' })).getByText('Line 3: airline is required')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'What Contrail does not keep from flights.csv' })).getByText('Days of operation are not carried')).toBeInTheDocument();
    expect(within(results).getByText('notes.csv is not a phpVMS export')).toBeInTheDocument();
    const sent = fake.calls.find((call) => call.method === 'POST' && call.path === URL_PATH)!.body as FormData;
    expect(sent.getAll('files').map((file) => (file as File).name)).toEqual(['flights.csv', 'notes.csv']);
  });

  it('is shown to the owner alone', () => {
    signInForTest();
    installFakeFetch({});
    renderWithProviders(<PhpvmsImport airline={buildAirline({ id: 'a1', isOwner: false, isAdmin: true })} />);
    expect(screen.queryByRole('heading', { name: 'Import from phpVMS' })).toBeNull();
  });
});
