/**
 * Sends the browser to the card checkout (Stripe's page, or the sandbox's on this server) or the
 * customer portal. Behind an object so component tests can observe it (jsdom cannot navigate).
 */
export const checkoutNavigator = {
  assign: (url: string): void => {
    window.location.assign(url);
  },
};

export const openCheckout = (sessionUrl: string): void => checkoutNavigator.assign(sessionUrl);
