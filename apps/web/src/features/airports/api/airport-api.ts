/**
 * Airport API prefix (DESIGN.md "Services and paths"). Calls go through the app's one HTTP client
 * so a token refresh is never run twice; with the default same-origin deployment the prefix is
 * all that differs.
 */
export const AIRPORT_API = '/api/airport/v1';
