import { toast } from 'react-toastify';
import { i18n } from './i18n';
import { isApiError } from './api-error';

/**
 * The message to show for an error: the translation of its code (`errors:<code>`), else the
 * server's message, else a generic text (unlisted codes give a generic message).
 */
export const errorMessage = (error: unknown): string => {
  if (isApiError(error)) {
    const key = `errors:${error.errorCode}`;
    if (i18n.exists(key)) return i18n.t(key);
    if (error.message !== '' && error.status < 500) return error.message;
    return i18n.t('errors:generic');
  }
  return i18n.t('errors:generic');
};

/** The one way the web reports a failed action: a toast with the translated message. */
export const handleError = (error: unknown): void => {
  if (!isApiError(error) || !i18n.exists(`errors:${error.errorCode}`)) {
    // Unlisted codes and unexpected errors are logged for support.
    console.warn('Unhandled error', error);
  }
  toast.error(errorMessage(error), { toastId: isApiError(error) ? error.errorCode : undefined });
};
