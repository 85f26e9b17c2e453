/**
 * Navigation outside React (the HTTP client, logout). The router registers its `navigate` at
 * start-up; before that (or in a test without a router) a full page load is the fallback.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export const setNavigate = (navigate: Navigate): void => {
  navigateImpl = navigate;
};

export const navigateTo = (path: string, options?: { replace?: boolean }): void => navigateImpl(path, options);
