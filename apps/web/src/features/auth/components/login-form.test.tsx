import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { tokenStorage } from '../../../lib/token-storage';
import { buildUser } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('keeps submit disabled until both fields are filled', async () => {
    installFakeFetch({});
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/Username/), 'jdoe');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await waitFor(() => expect(submit).toBeEnabled());

    await userEvent.clear(screen.getByLabelText(/Username/));
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('puts the server message on the username field and marks the password field invalid', async () => {
    installFakeFetch({
      'POST /api/v1/user/sign-in': () => json({ success: false, message: 'Wrong username or password', errorCode: 'INVALID_CREDENTIALS' }, 401),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const username = await screen.findByLabelText(/Username/);
    const password = screen.getByLabelText(/Password/);
    expect(password).not.toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(username, 'jdoe');
    await userEvent.type(password, 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription('Wrong username or password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(tokenStorage.get()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
  });

  it('stores the tokens, loads the user and marks the session authenticated on success', async () => {
    const user = buildUser();
    const fake = installFakeFetch({
      'POST /api/v1/user/sign-in': () => json({ token: 'access-1', refreshToken: 'refresh-1', expiredAt: '2030-01-01T00:00:00Z' }),
      'GET /api/v1/user/information': () => json(user),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(await screen.findByLabelText(/Username/), 'jdoe');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
    expect(tokenStorage.get()).toEqual({ token: 'access-1', refreshToken: 'refresh-1' });
    expect(session.isAuthenticated()).toBe(true);
    expect(fake.calls.find((call) => call.path === '/api/v1/user/sign-in')?.body).toEqual({ username: 'jdoe', password: 'Secret123' });
    expect(fake.calls.find((call) => call.path === '/api/v1/user/information')?.headers.authorization).toBe('Bearer access-1');
  });
});
