import { declareRoute } from '../api/route-declaration';
import { ZActionResponse } from '../common/action-response';
import { ZUserIdParams } from '../user/user-contract';
import {
  ZChangePasswordRequest,
  ZCheckMfIdParams,
  ZCheckMfIdResponse,
  ZConfirmEmailChangeRequest,
  ZEmailValidateRequest,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZSignUpRequest,
} from './auth-contract';

const tag = 'auth';

/**
 * Accounts and sessions. The refresh and sign-out calls are not
 * declared: their refresh token travels in a header, which a declaration does not carry.
 */
export const authRoutes = {
  signUp: declareRoute({ method: 'POST', path: '/api/v1/user/sign-up', tag, signedIn: false, status: 201, body: ZSignUpRequest, response: ZActionResponse }),
  signIn: declareRoute({ method: 'POST', path: '/api/v1/user/sign-in', tag, signedIn: false, body: ZSignInRequest, response: ZSignInResponse }),
  /** `mfid` is the single-use token of the emailed verification link. */
  validateEmail: declareRoute({ method: 'POST', path: '/api/v1/user/email/validate', tag, signedIn: false, body: ZEmailValidateRequest, response: ZActionResponse }),
  resendEmailVerification: declareRoute({ method: 'POST', path: '/api/v1/user/email/resend', tag, response: ZActionResponse }),
  /** The token of the link mailed to the new address: no session needed to follow it. */
  confirmEmailChange: declareRoute({ method: 'POST', path: '/api/v1/user/email/change/confirm', tag, signedIn: false, body: ZConfirmEmailChangeRequest, response: ZActionResponse }),
  /** Whether a sponsor (mfId or username) exists, for the sign-up form. */
  checkMfId: declareRoute({ method: 'GET', path: '/api/v1/user/check-mf-id/:id', tag, signedIn: false, params: ZCheckMfIdParams, response: ZCheckMfIdResponse }),
  forgotPassword: declareRoute({ method: 'POST', path: '/api/v1/user/password/forgot', tag, signedIn: false, body: ZForgotPasswordRequest, response: ZActionResponse }),
  resetPassword: declareRoute({ method: 'POST', path: '/api/v1/user/password/reset', tag, signedIn: false, body: ZResetPasswordRequest, response: ZActionResponse }),
  signOutEverywhere: declareRoute({ method: 'POST', path: '/api/v1/user/sign-out-everywhere', tag, response: ZActionResponse }),
  changePassword: declareRoute({ method: 'PUT', path: '/api/v1/user/:id/password', tag, params: ZUserIdParams, body: ZChangePasswordRequest, response: ZActionResponse }),
};
