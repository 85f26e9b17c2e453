// Regenerates the SQL migration from the Drizzle schema with drizzle-kit.
// Until Contrail's first release, the schema ships as one initial migration (0000_init), rewritten
// on every change, so parallel work never produces clashing migration numbers. After the first
// release this becomes `drizzle-kit generate` on top of the committed history.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const root = new URL('..', import.meta.url);
fs.rmSync(new URL('drizzle', root), { recursive: true, force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'init'], { stdio: 'inherit', cwd: root });
