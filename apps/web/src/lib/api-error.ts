/** The typed client's error (packages/client): every failed API call becomes one. */
export { ApiError, NETWORK_ERROR, UNKNOWN_ERROR, isApiError } from '@contrail/client/api-error';
