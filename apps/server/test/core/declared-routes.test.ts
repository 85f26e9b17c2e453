import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '@contrail/domain/api/declared-routes';
import { notamRoutes } from '@contrail/domain/notam/notam-routes';
import { operationsOf } from '../security/support/route-catalogue';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';

/** OpenAPI writes `/api/v1/thing/{id}` where a declaration writes `/api/v1/thing/:id`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

// Issue 12 item 5: the web calls exactly what the server serves, from one declaration.
describe('declared routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves every declared route at its method and path, signed in when it says so', () => {
    const served = operationsOf(t.app);
    expect(declaredRoutes.length).toBeGreaterThan(0);
    for (const route of declaredRoutes) {
      const operation = served.find((candidate) => candidate.method === route.method && candidate.path === openApiPath(route.path));
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation?.isAuthenticated, `${route.method} ${route.path} signed in`).toBe(route.signedIn);
    }
  });

  it('answers with the declared status and shape', async () => {
    const admin = await createSignedInUser(t.app, { role: 'ADMIN' });
    const issued = await api(t.app, admin.headers).inject(notamRoutes.issue, { body: { text: 'A0001/26 NOTAMN Q) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005 A) EGLL B) 2611240000 C) 2612312359 E) RWY 09L/27R CLSD', audience: 'AIRPORTS' } });
    expect(issued.statusCode).toBe(notamRoutes.issue.status);
    expect(notamRoutes.issue.response.safeParse(issued.json()).success).toBe(true);
  });
});
