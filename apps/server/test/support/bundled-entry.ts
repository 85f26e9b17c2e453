import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// esbuild, a dev dependency of the server, is also what tsx (the loader of `npm start`) transforms with.
import { build, type Plugin } from 'esbuild';

/**
 * A server entry point (src/main.ts, a script) built into one ESM file, for the tests that spawn it
 * as its own process. Started through tsx, each process transformed and loaded every TypeScript
 * module of the server again (about 4.5 CPU-seconds a start here); the built file starts in about
 * half of that, from the same sources (esbuild is what tsx transforms them with).
 *
 * Built once per test worker and entry, on first use. The file lives under the server's
 * node_modules (so its packages resolve as they do for src/) and is removed when the worker exits.
 * Packages stay external; only the workspace's own TypeScript (src/, @contrail/*) is bundled, each
 * module keeping its own import.meta.url and dirname, so paths relative to a source file (the
 * migrations, the embedded data) are the same as under tsx.
 */
const serverDir = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(serverDir, 'node_modules/.cache/contrail-test-entries', String(process.pid));

const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(builder) {
    // Packages are loaded by Node from node_modules, as under tsx; the workspace packages are TypeScript: bundled.
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@contrail/') ? undefined : { path: args.path, external: true }));
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/** Folders of workers that ended without removing theirs (killed). */
const removeLeftovers = () => {
  const parent = path.dirname(outDir);
  for (const name of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
    try {
      process.kill(Number(name), 0);
    } catch {
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }
};

const built = new Map<string, Promise<string>>();

/** The built file of `entry` (relative to apps/server, e.g. 'src/main.ts'), to run with `node <file>`. */
export const bundledEntry = (entry: string): Promise<string> => {
  let file = built.get(entry);
  if (!file) {
    const outfile = path.join(outDir, `${entry.replace(/[/\\]/g, '_').replace(/\.ts$/, '')}.mjs`);
    file = build({
      absWorkingDir: serverDir,
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      plugins: [ownImportMeta],
    }).then(() => outfile);
    if (built.size === 0) {
      removeLeftovers();
      process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
    }
    built.set(entry, file);
  }
  return file;
};
