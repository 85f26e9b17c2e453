// The one test command (README.md): makes sure what the tests need is installed (Debian's
// Chromium for the browser tests, nginx and HAProxy for the load-balancer test), builds the web
// app the browser tests load, runs every Vitest project (domain, sim, test-support, server, tracker, web, e2e)
// and the server suite again on real PostgreSQL when TEST_DATABASE_URL is set (all but the browser
// journeys beside them, at a lower priority), and ends with the line "N passed, N failed".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, '.test-reports');
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'];
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * What the tests need from Debian: Chromium for the browser journeys, nginx and HAProxy for the
 * load-balancer test (two instances behind deploy/nginx/contrail.conf, then behind
 * deploy/haproxy/contrail.cfg). Installed in one apt-get run, as root.
 */
const ensureDebianPackages = () => {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!NGINX.some((file) => fs.existsSync(file))) missing.push('nginx');
  if (!HAPROXY.some((file) => fs.existsSync(file))) missing.push('haproxy');
  if (missing.length === 0) return;
  if (!isRoot) {
    console.error(
      `The tests need ${missing.join(', ')} from Debian. Install as root with:\n` +
        `  apt-get update && apt-get install -y ${missing.join(' ')}\n` +
        'or set CHROMIUM_PATH to another Chromium binary. Without nginx or HAProxy, that part of the load-balancer test is skipped.',
    );
    return;
  }
  console.log(`Installing ${missing.join(', ')} from Debian for the tests (apt-get install -y ${missing.join(' ')})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
};

/** Where a suite's JSON report goes; `count` reads it back. */
const reportFile = (label) => path.join(reportDir, `${label}.json`);

/**
 * Every suite runs with one retry: on 2 shared cores a timing-sensitive test can miss once under
 * the load of the whole run, and one such miss failed a whole CI run. A test that fails twice still
 * fails; one that passed only on its second try is named above the totals (listFlaky), so a flaky
 * test is seen and mended rather than hidden.
 */
const vitestArgs = (label, args) => ['vitest', 'run', ...args, '--retry=1', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile(label)}`];

/**
 * Runs one suite in the foreground. Spawned, not spawnSync: a blocked event loop would hold back
 * the background suites, which start one after the other as each one's process closes.
 */
const run = (label, args, env) =>
  new Promise((resolve) => {
    console.log(`\n=== ${label}: vitest ${args.join(' ')}`);
    const child = spawn('npx', vitestArgs(label, args), { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve({ label, outputFile: reportFile(label), logFile: null, status: code ?? 1 }));
  });

/**
 * Runs suites one after the other beside the browser journeys, at a lower CPU priority (nice 10),
 * each with its output in a log printed once the journeys are done. The journeys mostly wait on
 * simulated flights flown in real time and leave about half of the 2 cores idle; the suites take
 * that idle time, and yield the CPU whenever a journey needs it.
 */
const startInBackground = (suites) => {
  const runOne = ({ label, args, env }) =>
    new Promise((resolve) => {
      const logFile = path.join(reportDir, `${label}.log`);
      const log = fs.openSync(logFile, 'w');
      const child = spawn('nice', ['-n', '10', 'npx', ...vitestArgs(label, args)], {
        cwd: root,
        stdio: ['ignore', log, log],
        env: { ...process.env, ...env, FORCE_COLOR: '1' },
      });
      child.on('close', (code) => {
        fs.closeSync(log);
        resolve({ label, args, logFile, outputFile: reportFile(label), status: code ?? 1 });
      });
    });
  for (const { label, args } of suites) console.log(`\n=== ${label}: vitest ${args.join(' ')} (beside the browser tests; its output follows theirs)`);
  const finished = (async () => {
    const results = [];
    for (const suite of suites) results.push(await runOne(suite));
    return results;
  })();
  return async () => {
    const results = await finished;
    for (const { label, args, logFile } of results) {
      console.log(`\n=== ${label}: vitest ${args.join(' ')} (ran beside the browser tests)`);
      process.stdout.write(fs.readFileSync(logFile));
    }
    return results;
  };
};

/** A suite's JSON report, or null when vitest wrote none. */
const readReport = ({ outputFile }) => (fs.existsSync(outputFile) ? JSON.parse(fs.readFileSync(outputFile, 'utf8')) : null);

const failedOutsideTests = (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed');

const stripColours = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * The first line of the error Vitest printed for a file that failed outside its tests (a hook
 * that threw: its JSON report says only that the file failed), read from the suite's log.
 */
const suiteErrorInLog = (logFile, where) => {
  if (!logFile || !fs.existsSync(logFile)) return '';
  // Vitest names the file by project and path in it: apps/server/test/x.test.ts is "server test/x.test.ts".
  const [, project, inProject] = where.match(/^(?:apps|packages)\/([^/]+)\/(.+)$/) ?? [];
  if (!project) return '';
  const lines = stripColours(fs.readFileSync(logFile, 'utf8')).split('\n');
  const failLine = lines.findIndex((line) => /^\s*FAIL\s/.test(line) && line.includes(` ${project} `) && line.includes(` ${inProject}`));
  if (failLine === -1) return '';
  return lines.slice(failLine, failLine + 3).map((line) => line.trim()).filter(Boolean).join(' | ');
};

/**
 * What Vitest printed for an error outside every test (an unhandled rejection, say from work a
 * finished file left running): the error's first line and the file Vitest says it arose in.
 */
const unhandledErrorInLog = (logFile) => {
  if (!logFile || !fs.existsSync(logFile)) return 'see the output above';
  const lines = stripColours(fs.readFileSync(logFile, 'utf8')).split('\n');
  // "⎯⎯ Unhandled Rejection ⎯⎯" (or Error), then the error and its stack.
  const header = lines.findIndex((line) => /⎯ Unhandled (Rejection|Error) ⎯/.test(line));
  if (header === -1) return 'see the output above';
  const [error = '', at = ''] = lines.slice(header + 1, header + 3).map((line) => line.trim());
  const origin = lines.slice(header).find((line) => line.includes('This error originated in'))?.match(/originated in "([^"]+)"/)?.[1];
  return [error, at, origin && `while ${origin} ran`].filter(Boolean).join(' | ').slice(0, 300);
};

/** Vitest failed the suite although no file or test failed: an error outside every test. */
const failedOutsideFiles = ({ status }, report) =>
  status !== 0 && report !== null && report.numFailedTests === 0 && !report.testResults.some((file) => file.status === 'failed');

const count = ({ label, status }, report) => {
  if (report === null) {
    console.error(`${label}: no report was written (vitest exited with ${status})`);
    return { passed: 0, failed: 1 };
  }
  // A file that fails outside its tests (it does not load, or a beforeAll or afterAll throws)
  // counts as one failure, and so does an error outside every file.
  const brokenSuites = report.testResults.filter(failedOutsideTests).length;
  const outsideFiles = failedOutsideFiles({ status }, report) ? 1 : 0;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenSuites + outsideFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
};

ensureDebianPackages();
const hasChromium = fs.existsSync(CHROMIUM);
const projects = ['domain', 'sim', 'test-support', 'client', 'server', 'tracker', 'web'];
const runs = [];

const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;
const suites = [
  { label: 'unit-and-server', args: projects.flatMap((p) => ['--project', p]), env: { TEST_DATABASE_URL: '' } },
  // The server suite again on real PostgreSQL.
  ...(TEST_DATABASE_URL ? [{ label: 'server-postgresql', args: ['--project', 'server'], env: { TEST_DATABASE_URL } }] : []),
];

if (hasChromium) {
  console.log('\n=== building the web app for the browser tests');
  execFileSync('npm', ['run', 'build', '-w', '@contrail/web'], { cwd: root, stdio: 'inherit', env: envWithoutPostgres });
  const finishBackground = startInBackground(suites);
  runs.push(await run('browser', ['--project', 'e2e'], { TEST_DATABASE_URL: '', CHROMIUM_PATH: CHROMIUM }));
  runs.push(...(await finishBackground()));
} else {
  for (const { label, args, env } of suites) runs.push(await run(label, args, env));
}

/** The first non-empty line of an error as Vitest reported it, cut to fit one line of the tail. */
const firstLine = (text) => (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 200) ?? '';

/**
 * One line per failed test (file, test and the first line of its error), printed just above the
 * totals: a CI log is often read only from its tail, and the tail should say what failed.
 */
const listFailures = ({ label, logFile, status }, report) => {
  if (report === null) return [];
  if (failedOutsideFiles({ status }, report)) return [`${label}: an error outside every test (Vitest exited with ${status}): ${unhandledErrorInLog(logFile)}`];
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (failedOutsideTests(file)) return [`${label} ${where}: ${firstLine(file.message) || suiteErrorInLog(logFile, where).slice(0, 300)}`];
    return failedTests.map((test) => `${label} ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
};

/** Tests that passed on their retry: the JSON report keeps the first try's error beside the pass. */
const listFlaky = ({ label }, report) =>
  (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && test.failureMessages.length > 0)
      .map((test) => `${label} ${path.relative(root, file.name)} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`),
  );

const reports = runs.map(readReport);
const flaky = runs.flatMap((r, i) => listFlaky(r, reports[i]));
if (flaky.length > 0) {
  console.log(`\nPassed only on a second try (${flaky.length}), to be mended:`);
  for (const line of flaky) console.log(`  ${line}`);
}
const failures = runs.flatMap((r, i) => listFailures(r, reports[i]));
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const line of failures.slice(0, 40)) console.log(`  ${line}`);
  if (failures.length > 40) console.log(`  ... and ${failures.length - 40} more (see .test-reports/*.json)`);
}

const counts = runs.map((r, i) => count(r, reports[i]));
const totals = counts.reduce(
  (sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + (c.skipped ?? 0) }),
  { passed: 0, failed: hasChromium ? 0 : 1, skipped: 0 },
);
console.log('');
runs.forEach((r, i) => {
  const c = counts[i];
  console.log(`${r.label}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
});
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 && runs.every((r) => r.status === 0) ? 0 : 1);
