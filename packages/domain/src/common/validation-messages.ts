/**
 * Validation failures carry a message key, not a sentence: the web translates it with i18next
 * (`validation:<key>`), the server turns it into English with {@link validationMessageInEnglish}.
 * The key set is shared so both sides stay in step.
 */
export const validationMessagesEn = {
  required: '{{field}} is required',
  minLength: '{{field}} must be at least {{min}} characters',
  maxLength: '{{field}} must be at most {{max}} characters',
  emailInvalid: 'Email not valid',
  passwordWeak: 'Password must be at least 8 characters with a lowercase letter, an uppercase letter and a digit',
  passwordMismatch: 'Passwords do not match',
  usernameInvalid: 'Username may only contain letters, digits, dots, dashes and underscores',
  displayNameInvalid: 'Display name cannot contain ! $ * = ? ; / > < £ %',
  digitsOnly: '{{field}} must contain digits only',
  termsRequired: 'You must accept the terms',
  invalidDate: '{{field}} is not a valid date',
  invalidIcao: 'Not a valid ICAO code',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  wholeNumber: '{{field}} must be a whole number',
  notNegative: '{{field}} cannot be negative',
  maxValue: '{{field}} must be at most {{max}}',
  seatsOverCapacity: '{{total}} seats exceed the capacity of {{max}} passengers',
  configurationNameTaken: 'You already have a configuration with this name for this aircraft',
  nulCharacter: '{{field}} cannot contain a null character',
} as const;

export type ValidationMessageKey = keyof typeof validationMessagesEn;

/** Renders a validation key (possibly `key|{"field":"x"}`) as English text for API responses. */
export const validationMessageInEnglish = (raw: string, fieldName?: string): string => {
  const { key, params } = parseValidationMessage(raw);
  const template = (validationMessagesEn as Record<string, string>)[key];
  if (template === undefined) return raw;
  const values: Record<string, string> = { field: fieldName ?? 'field', ...params };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

/** Builds a message that carries its interpolation values: `minLength|{"min":"8"}`. */
export const validationMessage = (key: ValidationMessageKey, params?: Record<string, string | number>): string =>
  params === undefined
    ? key
    : `${key}|${JSON.stringify(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])))}`;

export const parseValidationMessage = (raw: string): { key: string; params: Record<string, string> } => {
  const bar = raw.indexOf('|');
  if (bar < 0) return { key: raw, params: {} };
  try {
    return { key: raw.slice(0, bar), params: JSON.parse(raw.slice(bar + 1)) as Record<string, string> };
  } catch {
    return { key: raw.slice(0, bar), params: {} };
  }
};
