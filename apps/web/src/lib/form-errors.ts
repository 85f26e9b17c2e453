import type { FieldError } from 'react-hook-form';
import { translateValidationMessage } from './i18n';

/** The translated text of a react-hook-form field error whose message is a domain validation key. */
export const fieldErrorMessage = (error: FieldError | undefined, fieldLabel: string): string | undefined =>
  error?.message === undefined || error.message === '' ? undefined : translateValidationMessage(error.message, fieldLabel);
