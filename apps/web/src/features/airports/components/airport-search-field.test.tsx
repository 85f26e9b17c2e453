import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { installFakeFetch, json, type FakeRequest } from '../../../testing/fake-api';
import type { AirportOption } from './airport-label';
import { AirportSearchField } from './airport-search-field';

const heathrow = { ident: 'EGLL', label: 'EGLL - London Heathrow Airport (London, GB)' };
const gatwick = { ident: 'EGKK', label: 'EGKK - London Gatwick Airport (London, GB)' };
const cdg = { ident: 'LFPG', label: 'LFPG - Charles de Gaulle International Airport (Paris, FR)' };

const searchCalls = (calls: FakeRequest[]) => calls.filter((call) => call.path === '/api/airport/v1/airport');

/** Answers every search with the airports whose label contains the query. */
const airportApi = () =>
  installFakeFetch({
    'GET /api/airport/v1/airport': ({ url }) => {
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const items = [heathrow, gatwick, cdg].filter((airport) => airport.label.toLowerCase().includes(query));
      return json({ totalItems: items.length, totalPages: items.length > 0 ? 1 : 0, items });
    },
  });

const Harness = ({ onChange = vi.fn(), fromIdent }: { onChange?: (value: AirportOption | null) => void; fromIdent?: string }) => {
  const [value, setValue] = useState<AirportOption | null>(null);
  return (
    <>
      <AirportSearchField
        label="Departure airport"
        value={value}
        fromIdent={fromIdent}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <span data-testid="picked">{value?.ident ?? 'none'}</span>
    </>
  );
};

/**
 * Renders, then takes control of the timers (the debounce, TanStack's scheduling and cache time).
 * Testing Library only lets fake timers run its own waits when a `jest` global advances them.
 */
const renderField = async (ui = <Harness />) => {
  render(<AppProvider>{ui}</AppProvider>);
  const input = await screen.findByRole('combobox', { name: 'Departure airport' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { input, user };
};

/** Lets `ms` of fake time pass, with the fetch and React updates that follow. */
const elapse = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 5; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AirportSearchField', () => {
  it('sends no request for 2 characters, and one request 300 ms after the third', async () => {
    const fake = airportApi();
    const { input, user } = await renderField();

    await user.type(input, 'LF');
    await elapse(1000);
    expect(searchCalls(fake.calls)).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 3 characters to search');

    await user.type(input, 'P');
    await elapse(299);
    expect(searchCalls(fake.calls)).toHaveLength(0);
    await elapse(1);
    expect(searchCalls(fake.calls)).toHaveLength(1);
    expect(searchCalls(fake.calls)[0]?.url.searchParams.get('query')).toBe('lfp');
    expect(searchCalls(fake.calls)[0]?.url.searchParams.get('page')).toBe('0');

    expect(input).toHaveAttribute('aria-expanded', 'true');
    const option = screen.getByRole('option', { name: /LFPG/ });
    expect(option).toHaveTextContent('Charles de Gaulle International Airport');
    expect(option).toHaveTextContent('Paris, France');
  });

  it('waits for the typing to stop: one request for a word typed quickly', async () => {
    const fake = airportApi();
    const { input, user } = await renderField();
    await user.type(input, 'Heathrow');
    await elapse(300);
    expect(searchCalls(fake.calls).map((call) => call.url.searchParams.get('query'))).toEqual(['heathrow']);
  });

  it('answers a search typed again within a minute from the cache, and asks again after it', async () => {
    const fake = airportApi();
    const { input, user } = await renderField();
    await user.type(input, 'London');
    await elapse(300);
    expect(searchCalls(fake.calls)).toHaveLength(1);

    await user.clear(input);
    await elapse(30_000);
    await user.type(input, 'london');
    await elapse(300);
    expect(searchCalls(fake.calls)).toHaveLength(1);
    expect(screen.getAllByRole('option')).toHaveLength(2);

    await user.clear(input);
    await elapse(31_000);
    await user.type(input, 'London');
    await elapse(300);
    expect(searchCalls(fake.calls)).toHaveLength(2);
  });

  it('moves with the arrows, picks with Enter and shows the pick', async () => {
    const fake = airportApi();
    const onChange = vi.fn();
    const { input, user } = await renderField(<Harness onChange={onChange} fromIdent="LFPG" />);
    await user.type(input, 'London');
    await elapse(300);
    expect(searchCalls(fake.calls)[0]?.url.searchParams.get('fromIdent')).toBe('LFPG');
    const options = screen.getAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(gatwick);
    expect(screen.getByTestId('picked')).toHaveTextContent('EGKK');
    expect(input).toHaveValue(gatwick.label);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await elapse(1000);
    expect(searchCalls(fake.calls)).toHaveLength(1);

    // Typing again clears the pick.
    await user.type(input, 'x');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByTestId('picked')).toHaveTextContent('none');
  });

  it('closes with Escape without picking, and reopens with ArrowDown', async () => {
    airportApi();
    const onChange = vi.fn();
    const { input, user } = await renderField(<Harness onChange={onChange} />);
    await user.type(input, 'Heathrow');
    await elapse(300);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Heathrow');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(heathrow);
  });

  it('says so when no airport matches, and when the search fails', async () => {
    const fake = installFakeFetch({
      'GET /api/airport/v1/airport': ({ url }) =>
        url.searchParams.get('query') === 'zzzz'
          ? json({ totalItems: 0, totalPages: 0, items: [] })
          : json({ success: false, message: 'boom', errorCode: 'INTERNAL_ERROR' }, 500),
    });
    const { input, user } = await renderField();
    await user.type(input, 'zzzz');
    await elapse(300);
    expect(screen.getByRole('status')).toHaveTextContent('No airport found');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.clear(input);
    await user.type(input, 'boom');
    await elapse(300);
    expect(screen.getByRole('status')).toHaveTextContent('The airport search failed');
    // No retry.
    expect(searchCalls(fake.calls).filter((call) => call.url.searchParams.get('query') === 'boom')).toHaveLength(1);
  });

  it('works as a react-hook-form field', async () => {
    airportApi();
    const submitted = vi.fn<(values: { departure: AirportOption | null }) => void>();
    const Form = () => {
      const { control, handleSubmit } = useForm<{ departure: AirportOption | null }>({ defaultValues: { departure: cdg } });
      return (
        <form onSubmit={(event) => void handleSubmit((values) => {
          submitted(values);
        })(event)}>
          <Controller
            name="departure"
            control={control}
            render={({ field }) => <AirportSearchField label="Departure airport" {...field} />}
          />
          <button type="submit">Save</button>
        </form>
      );
    };
    const { input, user } = await renderField(<Form />);
    expect(input).toHaveValue(cdg.label);
    await user.clear(input);
    await user.type(input, 'Heathrow');
    await elapse(300);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await elapse(0);
    expect(submitted).toHaveBeenCalledWith({ departure: heathrow });
  });
});
