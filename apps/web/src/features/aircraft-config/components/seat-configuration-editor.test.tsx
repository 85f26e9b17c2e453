import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import { AppProvider } from '../../../app/provider';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { CustomConfigurations } from './custom-configurations';
import { SeatConfigurationEditor } from './seat-configuration-editor';

// Capacity 180 passengers.
const a320 = findAircraftByIcao('A320')!;
const charter: TAircraftConfiguration = { id: '6f1c8a52-41a8-4c47-9a3e-0e5b1c7d2a10', type: 'CUSTOM', name: 'Charter', icao: 'A320', first: 0, business: 0, eco: 180 };

const renderEditor = (props: Partial<Parameters<typeof SeatConfigurationEditor>[0]> = {}) => {
  const onDone = vi.fn();
  render(
    <AppProvider>
      <SeatConfigurationEditor aircraft={a320} otherNames={[]} onDone={onDone} {...props} />
    </AppProvider>,
  );
  return { onDone };
};

const typeInto = async (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value !== '') await userEvent.type(input, value);
};

describe('SeatConfigurationEditor', () => {
  it('counts the remaining seats live and flags the capacity as soon as it is passed', async () => {
    const fake = installFakeFetch({});
    renderEditor();
    expect(screen.getByText('180 seats left of 180')).toBeInTheDocument();

    await typeInto(/^Business/, '20');
    expect(screen.getByText('160 seats left of 180')).toBeInTheDocument();
    await typeInto(/^Economy/, '165');
    expect(await screen.findByText('5 seats over the capacity of 180')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('185 seats exceed the capacity of 180 passengers');
    expect(screen.getByLabelText(/^First/)).toHaveAttribute('aria-invalid', 'true');

    // Fixing another class clears it: the rule covers the sum.
    await typeInto(/^Business/, '15');
    expect(screen.getByText('0 seats left of 180')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/exceed the capacity/)).not.toBeInTheDocument());

    await typeInto(/^Business/, '16');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Full');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('181 seats exceed the capacity of 180 passengers')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it('asks for a name, a new one for the type, and whole non-negative seat counts', async () => {
    const fake = installFakeFetch({});
    renderEditor({ otherNames: ['Charter'] });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Name/), 'charter ');
    expect(await screen.findByText('You already have a configuration with this name for this aircraft')).toBeInTheDocument();

    await typeInto(/^First/, '-2');
    expect(await screen.findByText('First cannot be negative')).toBeInTheDocument();
    await typeInto(/^First/, '1.5');
    expect(await screen.findByText('First must be a whole number')).toBeInTheDocument();
    await typeInto(/^First/, '');
    expect(await screen.findByText('First is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(fake.calls).toHaveLength(0);
  });

  it('creates a CUSTOM configuration with the typed seats, then closes', async () => {
    const fake = installFakeFetch({
      'POST /api/core/v1/aircraft-config/': ({ body }) => json({ ...(body as object), id: charter.id }, 201),
    });
    const { onDone } = renderEditor({ otherNames: ['Charter'] });
    await userEvent.type(screen.getByLabelText(/^Name/), '  Two class ');
    await typeInto(/^Business/, '12');
    await typeInto(/^Economy/, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fake.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/core/v1/aircraft-config/', { icao: 'A320', name: 'Two class', first: 0, business: 12, eco: 150, type: 'CUSTOM' }],
    ]);
  });

  it('edits an existing configuration and shows the server refusal on the field it names', async () => {
    const fake = installFakeFetch({
      [`PUT /api/core/v1/aircraft-config/${charter.id}`]: () =>
        json({ success: false, message: 'You already have a configuration named "Dense" for the A320', errorCode: 'CONFLICT', field: 'name' }, 409),
    });
    const { onDone } = renderEditor({ configuration: charter });
    expect(screen.getByRole('form', { name: 'Edit “Charter”' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Economy/)).toHaveValue(180);
    await typeInto(/^Name/, 'Dense');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('You already have a configuration with this name for this aircraft')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls[0]?.body).toEqual({ icao: 'A320', name: 'Dense', first: 0, business: 0, eco: 180 });
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('CustomConfigurations', () => {
  const withConfigurations = (extra: Parameters<typeof installFakeFetch>[0] = {}) => {
    let stored = [charter, { ...charter, id: 'b7a0c7f6-5d0e-4b7e-9f57-3c4d9e2a1b11', icao: 'B738', name: 'Boeing one' }];
    const fake = installFakeFetch({
      'GET /api/core/v1/aircraft-config/user/user-1': () => json(stored),
      [`DELETE /api/core/v1/aircraft-config/${charter.id}`]: () => {
        stored = stored.filter((configuration) => configuration.id !== charter.id);
        return json({ success: true, message: 'Configuration deleted', errorCode: null });
      },
      ...extra,
    });
    render(
      <AppProvider>
        <CustomConfigurations aircraft={a320} userId="user-1" />
      </AppProvider>,
    );
    return fake;
  };

  it("lists the type's own configurations and deletes one only after the confirmation", async () => {
    const fake = withConfigurations();
    const list = await screen.findByRole('list', { name: 'My configurations for the A320' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Charter')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Charter' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this configuration?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Charter' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no configuration of your own for the A320 yet.')).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('passes the other names of the type to the editor', async () => {
    withConfigurations();
    await userEvent.click(await screen.findByRole('button', { name: 'New configuration' }));
    await userEvent.type(screen.getByLabelText(/^Name/), 'CHARTER');
    expect(await screen.findByText('You already have a configuration with this name for this aircraft')).toBeInTheDocument();
    // A name used for another type is free here.
    await typeInto(/^Name/, 'Boeing one');
    await waitFor(() => expect(screen.queryByText(/already have a configuration/)).not.toBeInTheDocument());
  });
});
