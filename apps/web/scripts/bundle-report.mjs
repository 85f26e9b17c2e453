// What the web app's first load costs: every JavaScript file index.html loads before any lazy
// chunk (its entry script, the modulepreload links and their static imports), each one's gzip size
// and what it holds, then one JSON line. Run after `npm run build -w @contrail/web`:
//   node apps/web/scripts/bundle-report.mjs [distDir] [--check]
// --check exits with 1 when the first load passes the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The first load's budget: 300 kB of gzip (kB as Vite prints it, 1,000 bytes). */
export const INITIAL_JS_LIMIT_BYTES = 300_000;

/** zlib's default level, the one Vite's build summary and most servers' on-the-fly gzip use. */
const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 6 }).length;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one Base64 VLQ segment of a source map's `mappings` into its numbers. */
const decodeSegment = (segment) => {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
};

/** Where a source file comes from, at the grain worth acting on: an npm package or an app folder. */
const owner = (source) => {
  const normalized = source.replace(/\\/g, '/');
  const inPackage = normalized.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1];
  const inDomain = normalized.match(/packages\/([^/]+)\//);
  if (inDomain) return `@contrail/${inDomain[1]}`;
  const inApp = normalized.match(/src\/((?:features|app|components)\/[^/]+|[^/]+)/);
  return inApp ? `web:${inApp[1]}` : normalized;
};

/**
 * How many characters of a chunk each owner wrote, from the chunk's source map. JSON modules carry
 * no mapping, so the locale texts show up as unmapped.
 */
const holdings = (code, map) => {
  const sizes = new Map();
  const add = (name, length) => sizes.set(name, (sizes.get(name) ?? 0) + length);
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNumber) => {
    const lineLength = lines[lineNumber]?.length ?? 0;
    let column = 0;
    let previous = null;
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (previous) add(previous.name, column - previous.column);
      else add('(unmapped: JSON texts, glue)', column);
      if (sourceDelta !== undefined) sourceIndex += sourceDelta;
      previous = { column, name: sourceDelta === undefined ? '(unmapped: JSON texts, glue)' : owner(map.sources[sourceIndex]) };
    }
    if (previous) add(previous.name, lineLength - previous.column);
    else add('(unmapped: JSON texts, glue)', lineLength);
  });
  const total = code.length || 1;
  return Object.fromEntries(
    [...sizes.entries()]
      .filter(([, length]) => length > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, length]) => [name, Math.round((length / total) * 1000) / 1000]),
  );
};

/** The JavaScript files index.html loads up front, with everything they import statically. */
const initialFiles = (dist) => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  const seen = new Set();
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` is a lazy chunk.
    for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), imported));
    }
  }
  return [...seen];
};

/** The first load of the build in `dist`: each initial chunk's sizes and holdings, and the total. */
export const measureFirstLoad = (dist) => {
  const chunks = initialFiles(dist).map((file) => {
    const code = fs.readFileSync(path.join(dist, file));
    const mapFile = path.join(dist, `${file}.map`);
    const map = fs.existsSync(mapFile) ? JSON.parse(fs.readFileSync(mapFile, 'utf8')) : null;
    return { file, rawBytes: code.length, gzipBytes: gzipSize(code), holds: map ? holdings(code.toString('utf8'), map) : {} };
  });
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const initialJsGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  return { initialJsGzipBytes, limitBytes: INITIAL_JS_LIMIT_BYTES, withinLimit: initialJsGzipBytes <= INITIAL_JS_LIMIT_BYTES, chunks };
};

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dist = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join(import.meta.dirname, '..', 'dist'));
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`No build in ${dist}: run \`npm run build -w @contrail/web\` first.`);
    process.exit(2);
  }
  const report = measureFirstLoad(dist);
  for (const chunk of report.chunks) {
    const top = Object.entries(chunk.holds)
      .slice(0, 6)
      .map(([name, share]) => `${name} ${Math.round(share * 100)}%`)
      .join(', ');
    console.log(`${kB(chunk.gzipBytes).padStart(9)} gzip  ${kB(chunk.rawBytes).padStart(9)} raw  ${chunk.file}${top ? `  ${top}` : ''}`);
  }
  console.log(`first load: ${kB(report.initialJsGzipBytes)} gzip of JavaScript in ${report.chunks.length} files, budget ${kB(report.limitBytes)}`);
  console.log(JSON.stringify({ bench: 'first-load', ...report }));
  if (args.includes('--check') && !report.withinLimit) process.exit(1);
}
