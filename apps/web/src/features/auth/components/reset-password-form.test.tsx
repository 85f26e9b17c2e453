import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

describe('Reset password (on /reset-password?token=)', () => {
  it('sends the token from the link and says the password was updated', async () => {
    const fake = installFakeFetch({ 'POST /api/v1/user/password/reset': () => json({ success: true, message: 'ok', errorCode: null }) });
    renderApp('/reset-password?token=abc123');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'NewSecret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'NewSecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Update my password' }));

    expect(await screen.findByText('Password successfully updated')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.path === '/api/v1/user/password/reset')?.body).toEqual({ password: 'NewSecret1', token: 'abc123' });
  });

  it('refuses a weak or mismatched password without calling the server', async () => {
    const fake = installFakeFetch({});
    renderApp('/reset-password?token=abc123');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Update my password' }));

    expect(await screen.findByText(/Password must be at least 8 characters/)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.path === '/api/v1/user/password/reset')).toBe(false);
  });

  it("shows the server's message when the token is rejected", async () => {
    installFakeFetch({
      'POST /api/v1/user/password/reset': () => json({ success: false, message: 'Token expired', errorCode: 'TOKEN_EXPIRED' }, 400),
    });
    renderApp('/reset-password?token=old');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'NewSecret1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'NewSecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Update my password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
  });
});
