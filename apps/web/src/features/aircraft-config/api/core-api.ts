/**
 * Core API prefix (DESIGN.md "Services and paths"). Calls go through the app's one HTTP client so
 * a 401 triggers the one shared token refresh (refresh tokens are single-use).
 */
export const CORE_API = '/api/core/v1';
