import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n, readStoredLanguage } from '../lib/i18n';
import { installFakeFetch } from '../testing/fake-api';
import { renderApp } from '../testing/render';

describe('language switch', () => {
  it('translates the page, remembers the choice on the device and sets <html lang>', async () => {
    installFakeFetch({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(localStorage.getItem('contrail.language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');

    await userEvent.selectOptions(screen.getByLabelText('Langue'), 'es');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(readStoredLanguage()).toBe('es');
  });

  it('defaults to English and ignores an unknown stored language', () => {
    expect(readStoredLanguage()).toBe('en');
    localStorage.setItem('contrail.language', 'de');
    expect(readStoredLanguage()).toBe('en');
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });
});
