/**
 * The account side of users, for the auth module: finding an account to sign in or reset, creating
 * one at sign-up, changing the password hash and the verified email address. Functions take the
 * executor to run on: the caller's transaction when the change belongs to it (a token's claim).
 */
export { findUserById, uniqueViolationOf, type UserRow } from './user.repository';
export {
  userExists,
  applyEmailChange,
  findUserByEmail,
  findUserByLogin,
  findUserByMfIdOrUserName,
  insertUser,
  isEmailTaken,
  isUserNameTaken,
  markEmailVerified,
  updatePasswordHash,
  type NewUser,
} from './user-account.repository';
