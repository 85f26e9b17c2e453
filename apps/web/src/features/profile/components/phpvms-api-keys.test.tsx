import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const key = (id: string, name: string, lastUsedAt: string | null = null) => ({ id, name, prefix: 'abc123', createdAt: '2026-11-27T10:00:00.000Z', lastUsedAt });

describe('phpVMS API keys in the profile', () => {
  it('creates a key shown once, lists keys without their secret, and revokes one', async () => {
    signInForTest();
    let items = [key('00000000-0000-4000-8000-000000000001', 'Home PC', '2026-11-27T12:00:00.000Z')];
    const fake = installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/v1/user/user-1/flight-times': () => json({ today: 0, month: 0, rules: { flightDurationLimit: 10, monthLimit: 100 } }),
      'GET /api/v1/user/phpvms-api-keys': () => json({ items }),
      'POST /api/v1/user/phpvms-api-keys': () => {
        const created = key('00000000-0000-4000-8000-000000000002', 'vmsACARS');
        items = [...items, created];
        return json({ ...created, key: 'abc123-the-whole-secret' }, 201);
      },
      'DELETE /api/v1/user/phpvms-api-keys/00000000-0000-4000-8000-000000000001': () => {
        items = items.filter((item) => item.name !== 'Home PC');
        return json({ success: true });
      },
    });
    renderApp('/profile');
    const section = (await screen.findByRole('heading', { name: 'phpVMS ACARS clients' })).closest('section')!;
    const list = await within(section).findByRole('list', { name: 'Your phpVMS keys' });
    expect(within(list).getByText('Home PC')).toBeInTheDocument();
    expect(within(list).getByText('last used 2026-11-27 12:00 UTC')).toBeInTheDocument();
    expect(within(section).getByText(/\/api\/phpvms$/)).toBeInTheDocument();

    await userEvent.type(within(section).getByLabelText(/^Key name/), 'vmsACARS');
    await userEvent.click(within(section).getByRole('button', { name: 'Create a key' }));
    expect(await within(section).findByText('abc123-the-whole-secret')).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Copy it now: it will not be shown again.');
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'vmsACARS' });
    await waitFor(() => expect(within(list).getByText('vmsACARS')).toBeInTheDocument());

    await userEvent.click(within(section).getByRole('button', { name: 'Revoke the key Home PC' }));
    await waitFor(() => expect(within(section).queryByText('Home PC')).not.toBeInTheDocument());
  });

  it('says when there is no key yet', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser()),
      'GET /api/v1/user/phpvms-api-keys': () => json({ items: [] }),
    });
    renderApp('/profile');
    expect(await screen.findByText('No key yet.')).toBeInTheDocument();
  });
});
