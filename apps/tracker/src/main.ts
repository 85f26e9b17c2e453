import { parseCommandLine, USAGE } from './cli/parse-command-line';
import { ConfigError } from './config/tracker-config';
import { runFly } from './fly/fly-command';
import { FlyError } from './fly/contrail-api-client';
import { describePlan, LinkRefused, openFlightPlanLink } from './deep-link/open-link';
import { registerLinkHandler } from './deep-link/link-registration';
import { TrackerHub } from './hub/tracker-hub';

/**
 * The tracker's command line (`npm run tracker -- <command> [options]`, see USAGE):
 * `serve` runs the local hub for the web app; `fly` flies a whole flight headless.
 * Diagnostics go to stderr; `fly` prints its one JSON result line on stdout.
 */
const log = (line: string) => {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
};

async function main(): Promise<number> {
  const commandLine = parseCommandLine(process.argv.slice(2));
  switch (commandLine.command) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'serve': {
      const hub = await TrackerHub.start({ ...commandLine.config, log });
      log(`tracker: flights in progress are kept in ${commandLine.config.dataDir}`);
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
      });
      log('tracker: stopping (a flight in progress stays in the data folder)');
      await hub.close();
      return 0;
    }
    case 'open-link': {
      const { plan, file } = await openFlightPlanLink({ link: commandLine.link, ...commandLine.config });
      process.stdout.write(`${describePlan(plan)}\nThe plan is kept in ${file}; configure the flight with it in Contrail.\n`);
      return 0;
    }
    case 'register-link': {
      // The command this tracker runs as (node, its loader flags, this script), so the link handler starts the same tracker.
      const trackerCommand = [process.execPath, ...process.execArgv, process.argv[1] ?? ''];
      const { steps } = await registerLinkHandler({ platform: process.platform, trackerCommand, env: process.env });
      process.stdout.write(`contrail: links now open in this tracker.\n${steps.map((step) => `  ${step}`).join('\n')}\n`);
      return 0;
    }
    case 'fly': {
      const abort = new AbortController();
      process.once('SIGINT', () => abort.abort());
      process.once('SIGTERM', () => abort.abort());
      const result = await runFly(commandLine.config, { log, signal: abort.signal });
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return 0;
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`tracker: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof LinkRefused) {
      process.stderr.write(`tracker: ${error.message}\n`);
      process.exit(1);
    }
    if (error instanceof FlyError) {
      process.stderr.write(`tracker fly: ${error.message}\n`);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`tracker: the hub port is already in use (another tracker running?): ${String(error)}\n`);
      process.exit(1);
    }
    process.stderr.write(`tracker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
