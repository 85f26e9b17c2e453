import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('sends documents the CSP the app and the map work under, nosniff, no framing and a referrer policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toMatch(/img-src[^;]*data:[^;]*blob:/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends JSON answers and errors a CSP that lets nothing run, load or frame them, nosniff and no framing', async () => {
    for (const url of ['/healthz', '/api/v1/user/check-mf-id/nobody', '/api/no-such-route', '/api/airport/v1/airport?query=%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-request-id']).toBeTruthy();
    }
  });

  it('counts an answer without a type as a document: a 304 updates the headers of the page it revalidates', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(redirect.headers['content-type']).toBeUndefined();
    expect(String(redirect.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('sends HSTS only when the request came over HTTPS through the trusted proxy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const forged = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '192.0.2.4', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
