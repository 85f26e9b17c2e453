import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

describe('verify email (on /verify-email?token=)', () => {
  it('verifies the token once and says so', async () => {
    const fake = installFakeFetch({ 'POST /api/v1/user/email/validate': () => json({ success: true, message: 'ok', errorCode: null }) });
    renderApp('/verify-email?token=tok-1');
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    const calls = fake.calls.filter((call) => call.path === '/api/v1/user/email/validate');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ mfid: 'tok-1' });
  });

  it('shows why a token is refused', async () => {
    installFakeFetch({
      'POST /api/v1/user/email/validate': () => json({ success: false, message: 'Invalid token', errorCode: 'INVALID_TOKEN' }, 400),
    });
    renderApp('/verify-email?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has already been used.');
  });

  it('verifies a signed-in user, then sends them to root', async () => {
    signInForTest();
    const fake = installFakeFetch({
      'POST /api/v1/user/email/validate': () => json({ success: true, message: 'ok', errorCode: null }),
      'GET /api/v1/user/information': () => json(buildUser()),
    });
    const { router } = renderApp('/verify-email?token=tok-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fake.calls.filter((call) => call.path === '/api/v1/user/email/validate')).toHaveLength(1);
  });
});
