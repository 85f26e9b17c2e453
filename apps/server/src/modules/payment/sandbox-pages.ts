/**
 * The sandbox's hosted pages (checkout, extra authentication step, customer portal): plain HTML,
 * server-rendered, accessible (landmarks, labels), standing in for Stripe's own pages.
 */

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const euros = (cents: number): string => `€${(cents / 100).toFixed(2)}`;

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Contrail sandbox checkout</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6fb; color: #1a1f36; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 0.75rem; box-shadow: 0 2px 12px rgb(0 0 0 / 0.08); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .badge { display: inline-block; background: #ffe8a3; color: #5c4400; border-radius: 0.4rem; padding: 0.1rem 0.5rem; font-size: 0.8rem; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 0.6rem; border: 1px solid #8792a2; border-radius: 0.4rem; font-size: 1rem; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.8rem; background: #3c2fb0; color: #fff; border: 0; border-radius: 0.4rem; font-size: 1rem; cursor: pointer; }
  button.secondary { background: #fff; color: #3c2fb0; border: 1px solid #3c2fb0; }
  .error { color: #a3141a; font-weight: 600; }
  .notice { background: #fff7d6; border-radius: 0.4rem; padding: 0.5rem 0.75rem; }
  .amount { font-size: 1.8rem; font-weight: 700; }
  ul { padding-left: 1.2rem; }
  a { color: #3c2fb0; }
</style>
</head>
<body><main>
<p class="badge">Sandbox: no real payment</p>
${body}
</main></body></html>`;

export type SandboxCheckoutView = {
  id: string;
  name: string;
  amountCents: number;
  recurring: 'month' | 'year' | null;
  cancelUrl: string;
  /** The operator chose the sandbox (PAYMENT_SANDBOX=on), so this is a demo site rather than a development server. */
  isDemoSite: boolean;
};

/** Why payments here are simulated, in the payer's words. */
const sandboxNotice = (view: SandboxCheckoutView): string =>
  view.isDemoSite
    ? 'This is a demo site: payments are simulated on purpose and no card is ever charged.'
    : 'This is a development server: payments are simulated and no card is ever charged.';

export const checkoutPage = (view: SandboxCheckoutView, error?: string): string =>
  layout(
    'Pay',
    `<h1>${escapeHtml(view.name)}</h1>
<p class="amount">${euros(view.amountCents)}${view.recurring ? ` <span>per ${view.recurring}</span>` : ''}</p>
<p class="notice">${sandboxNotice(view)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/api/sandbox/checkout/${escapeHtml(view.id)}">
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
  <label for="expiry">Expiry (MM/YY)</label>
  <input id="expiry" name="expiry" autocomplete="cc-exp" required placeholder="12/34">
  <label for="cvc">CVC</label>
  <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123">
  <button type="submit">Pay ${euros(view.amountCents)}</button>
</form>
<p><a href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>
<h2>Test cards</h2>
<ul>
  <li>4242 4242 4242 4242: payment succeeds</li>
  <li>4000 0000 0000 0002: card declined</li>
  <li>4000 0027 6000 3184: asks for an extra authentication step</li>
</ul>`,
  );

export const authenticatePage = (view: SandboxCheckoutView): string =>
  layout(
    'Authenticate',
    `<h1>Confirm this payment</h1>
<p>Your bank asks you to confirm the payment of ${euros(view.amountCents)} for ${escapeHtml(view.name)}.</p>
<form method="post" action="/api/sandbox/checkout/${escapeHtml(view.id)}/authenticate">
  <button type="submit" name="action" value="complete">Complete authentication</button>
  <button type="submit" name="action" value="fail" class="secondary">Fail authentication</button>
</form>`,
  );

export const closedPage = (status: 'expired' | 'complete', homeUrl: string): string =>
  layout(
    status === 'expired' ? 'Expired' : 'Paid',
    `<h1>${status === 'expired' ? 'This checkout has expired' : 'This checkout is already paid'}</h1>
<p><a href="${escapeHtml(homeUrl)}">Back to Contrail</a></p>`,
  );

export type SandboxPortalSubscription = { id: string; label: string; endDate: string | null; cancelled: boolean };

export const portalPage = (customerId: string, subscriptions: SandboxPortalSubscription[], returnUrl: string): string =>
  layout(
    'Your subscriptions',
    `<h1>Your subscriptions</h1>
${subscriptions.length === 0 ? '<p>No subscription to manage.</p>' : ''}
<ul>
${subscriptions
  .map(
    (s) => `<li><strong>${escapeHtml(s.label)}</strong>: ${
      s.cancelled ? `cancelled, ends ${escapeHtml(s.endDate ?? '')}` : s.endDate ? `renews ${escapeHtml(s.endDate)}` : 'never ends'
    }${
      !s.cancelled && s.endDate
        ? `<form method="post" action="/api/sandbox/portal/${escapeHtml(customerId)}/cancel/${escapeHtml(s.id)}"><button type="submit" class="secondary">Cancel at the end of the period</button></form>`
        : ''
    }</li>`,
  )
  .join('\n')}
</ul>
<p><a href="${escapeHtml(returnUrl)}">Back to Contrail</a></p>`,
  );
