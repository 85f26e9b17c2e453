import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, dropPostgresDatabase, writePgliteTemplate } from './test-database-template';

/** Once per run: the migrated database every server test file is copied from (docs/decisions/0018). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createPostgresTemplate(serverUrl);
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateFile', null);
    return () => dropPostgresDatabase(serverUrl, template);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-test-template-'));
  const file = path.join(folder, 'migrated-pglite.tar');
  await writePgliteTemplate(file);
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', null);
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}
