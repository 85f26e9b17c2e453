import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';

/**
 * The most common passwords of public breaches (zxcvbn-ts' ranked list, about 49,000 entries,
 * offline and maintained), compared without case: "Password1" is "password1" to a guesser.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set((dictionary['passwords-common']).map((entry) => entry.toLowerCase()));

/** Shorter names ("al") appear inside too many good passwords to refuse them. */
const MIN_USERNAME_LENGTH_TO_CHECK = 3;

/**
 * The server's password rules beyond the contract's shape (length and character classes): not one
 * of the commonly breached passwords, and not containing the user name, which is public. Throws a
 * 400 VALIDATION_ERROR on `field`.
 */
export const assertPasswordPolicy = (password: string, userName: string, field = 'password'): void => {
  const lowered = password.toLowerCase();
  const name = userName.trim().toLowerCase();
  if (name.length >= MIN_USERNAME_LENGTH_TO_CHECK && lowered.includes(name)) {
    throw new AppError(ErrorCode.validation, 'The password cannot contain your username', field);
  }
  if (COMMON_PASSWORDS.has(lowered)) {
    throw new AppError(ErrorCode.validation, 'This password is one of the most common ones: choose another', field);
  }
};
