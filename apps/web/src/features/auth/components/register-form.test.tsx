import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const fill = async (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await userEvent.clear(input);
    await userEvent.type(input, value);
  }
};

describe('RegisterForm (on /register)', () => {
  it('shows the translated validation messages', async () => {
    installFakeFetch({});
    renderApp('/register');
    await userEvent.click(await screen.findByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms')).toBeInTheDocument();

    await fill({ Username: 'jd', Email: 'not-an-email', Password: 'weakpass', 'Confirm password': 'other' });
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Email not valid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters with a lowercase letter, an uppercase letter and a digit')).toBeInTheDocument();
  });

  it('translates the same messages in French', async () => {
    installFakeFetch({});
    await changeLanguage('fr');
    renderApp('/register');
    await userEvent.click(await screen.findByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText("Nom d'utilisateur est obligatoire")).toBeInTheDocument();
    expect(screen.getByText('Vous devez accepter les conditions')).toBeInTheDocument();
  });

  it('prefills the sponsor from ?affiliate and checks it on blur, showing the server message', async () => {
    const fake = installFakeFetch({
      'GET /api/v1/user/check-mf-id/ghost': () => json({ success: false, message: 'Sponsor ghost does not exist', errorCode: 'SOMETHING_UNLISTED' }, 404),
      'GET /api/v1/user/check-mf-id/captain': () => json({ exists: true, userName: 'captain' }),
    });
    renderApp('/register?affiliate=captain');
    const sponsor = await screen.findByLabelText(/^Sponsor/);
    expect(sponsor).toHaveValue('captain');

    await userEvent.clear(sponsor);
    await userEvent.type(sponsor, 'ghost');
    await userEvent.tab();
    expect(await screen.findByText('Sponsor ghost does not exist')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.path === '/api/v1/user/check-mf-id/ghost')).toBe(true);
  });

  it('signs up and tells the user to check their mail; a server failure goes into an error box', async () => {
    let attempts = 0;
    const fake = installFakeFetch({
      'GET /api/v1/user/check-mf-id/captain': () => json({ exists: true, userName: 'captain' }),
      'POST /api/v1/user/sign-up': () => {
        attempts += 1;
        return attempts === 1
          ? json({ success: false, message: 'Username already taken', errorCode: 'USERNAME_TAKEN' }, 409)
          : json({ success: true, message: 'ok', errorCode: null }, 201);
      },
    });
    renderApp('/register?affiliate=captain');
    await screen.findByLabelText(/^Username/);
    await fill({ Username: 'newpilot', Email: 'New.Pilot@Example.com', Password: 'Secret123', 'Confirm password': 'Secret123' });
    await userEvent.click(screen.getByLabelText('I accept the terms of use'));
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken.');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Check your mail at new.pilot@example.com'));
    expect(screen.getByRole('link', { name: 'development outbox' })).toHaveAttribute('href', '/dev/outbox');
    const body = fake.calls.filter((call) => call.path === '/api/v1/user/sign-up').at(-1)?.body;
    expect(body).toEqual({ username: 'newpilot', email: 'new.pilot@example.com', password: 'Secret123', mfIdParrain: 'captain' });
  });
});
