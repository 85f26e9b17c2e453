import { describe, expect, it } from 'vitest';
import { validationMessage, validationMessagesEn } from '@contrail/domain/common/validation-messages';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { resources } from '../testing/all-languages';
import { i18n, translateValidationMessage } from './i18n';

/** Every key path of a nested resource object, plural suffixes folded onto their base key. */
const keyPaths = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key))
    : [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];

describe('translations', () => {
  it.each(['fr', 'es'] as const)('%s has exactly the English keys in every namespace', (language) => {
    for (const namespace of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      const english = new Set(keyPaths(resources.en[namespace]));
      const other = new Set(keyPaths(resources[language][namespace]));
      expect({ namespace, missing: [...english].filter((key) => !other.has(key)) }).toEqual({ namespace, missing: [] });
      expect({ namespace, extra: [...other].filter((key) => !english.has(key)) }).toEqual({ namespace, extra: [] });
    }
  });

  // The first load holds English only (the bundle budget test checks that); French comes on demand.
  it('fetches French when French is chosen', async () => {
    await i18n.changeLanguage('fr');

    expect(i18n.t('validation:defaultField')).toBe(resources.fr.validation.defaultField);
    expect(resources.fr.validation.defaultField).not.toBe(resources.en.validation.defaultField);
  });

  it('has a translation for every domain validation key', () => {
    for (const key of Object.keys(validationMessagesEn)) expect(i18n.exists(`validation:${key}`)).toBe(true);
  });

  // Adding an ErrorCode in the domain means adding `errors:<code>` to the three errors.json files.
  it('has a message for every error code except VALIDATION_ERROR (whose server message is more precise)', () => {
    const missing = Object.values(ErrorCode).filter((code) => !i18n.exists(`errors:${code}`));
    expect(missing).toEqual(['VALIDATION_ERROR']);
  });

  it('translates a validation key with its parameters and the field label', async () => {
    expect(translateValidationMessage(validationMessage('minLength', { min: 8 }), 'Password')).toBe('Password must be at least 8 characters');
    await i18n.changeLanguage('fr');
    expect(translateValidationMessage(validationMessage('minLength', { min: 8 }), 'Mot de passe')).toBe('Mot de passe doit contenir au moins 8 caractères');
    expect(translateValidationMessage('some server sentence')).toBe('some server sentence');
  });
});
