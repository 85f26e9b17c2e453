import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEEP_LINK_SCHEME } from '@contrail/domain/deep-link/flight-plan-link';

/**
 * `tracker register-link`: makes this computer open `contrail:` links with this tracker's
 * `open-link` command (docs/decisions/0048-flight-plan-deep-link.md). Linux: an XDG desktop entry
 * and `xdg-mime`; Windows: the per-user URL protocol keys through reg.exe; macOS: a small
 * AppleScript application (macOS hands links to applications as Apple Events, not on a command
 * line) that declares the scheme, registered with LaunchServices.
 */
export type RunCommand = (file: string, args: readonly string[]) => Promise<void>;

export type LinkRegistrationInput = {
  platform: NodeJS.Platform;
  /** The tracker's own command line, without `open-link`: node, its flags, the entry script. */
  trackerCommand: readonly string[];
  env: NodeJS.ProcessEnv;
  homeDir?: string;
  run?: RunCommand;
};

export type LinkRegistration = { steps: string[] };

export const DESKTOP_FILE_NAME = 'contrail-tracker-link.desktop';
const MIME_TYPE = `x-scheme-handler/${DEEP_LINK_SCHEME}`;

const execFileAsync = promisify(execFile);
const defaultRun: RunCommand = async (file, args) => {
  await execFileAsync(file, [...args]);
};

/** A desktop-entry Exec argument: quoted, with the characters the specification escapes. */
const desktopQuote = (arg: string): string => (/^[A-Za-z0-9_./:=@+-]+$/.test(arg) ? arg : `"${arg.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`);

export const desktopEntryFor = (trackerCommand: readonly string[]): string =>
  [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Contrail tracker',
    'Comment=Opens Contrail flight plan links in the Contrail tracker',
    `Exec=${[...trackerCommand.map(desktopQuote), 'open-link', '%u'].join(' ')}`,
    'Terminal=true',
    'NoDisplay=true',
    `MimeType=${MIME_TYPE};`,
    '',
  ].join('\n');

/** A Windows command line argument in double quotes. */
const windowsQuote = (arg: string): string => `"${arg.replace(/"/g, '\\"')}"`;

export const windowsRegistryCommands = (trackerCommand: readonly string[]): string[][] => {
  const key = `HKCU\\Software\\Classes\\${DEEP_LINK_SCHEME}`;
  const open = [...trackerCommand.map(windowsQuote), 'open-link', '"%1"'].join(' ');
  return [
    ['add', key, '/ve', '/d', 'URL:Contrail flight plan', '/f'],
    ['add', key, '/v', 'URL Protocol', '/d', '', '/f'],
    ['add', `${key}\\shell\\open\\command`, '/ve', '/d', open, '/f'],
  ];
};

const shellQuote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

export const macApplicationScript = (trackerCommand: readonly string[]): string =>
  [
    'on open location theURL',
    `  do shell script ${JSON.stringify(`${trackerCommand.map(shellQuote).join(' ')} open-link `)} & quoted form of theURL & " >> /tmp/contrail-tracker-link.log 2>&1"`,
    'end open location',
    '',
  ].join('\n');

const LSREGISTER = '/System/Library/Frameworks/CoreServices.framework/Frameworks/LaunchServices.framework/Support/lsregister';

export const registerLinkHandler = async (input: LinkRegistrationInput): Promise<LinkRegistration> => {
  const run = input.run ?? defaultRun;
  const home = input.homeDir ?? os.homedir();
  const steps: string[] = [];
  // Windows and macOS have their own ways; every other system (Linux, the BSDs) follows XDG.
  const system = input.platform === 'win32' || input.platform === 'darwin' ? input.platform : 'xdg';
  switch (system) {
    case 'win32': {
      for (const args of windowsRegistryCommands(input.trackerCommand)) {
        await run('reg.exe', args);
        steps.push(`reg.exe ${args.join(' ')}`);
      }
      return { steps };
    }
    case 'darwin': {
      const applications = path.join(home, 'Applications');
      const app = path.join(applications, 'Contrail Link.app');
      const source = path.join(os.tmpdir(), 'contrail-link.applescript');
      await mkdir(applications, { recursive: true });
      await writeFile(source, macApplicationScript(input.trackerCommand));
      const plist = path.join(app, 'Contents', 'Info.plist');
      const commands: [string, string[]][] = [
        ['osacompile', ['-o', app, source]],
        ['/usr/libexec/PlistBuddy', ['-c', 'Add :CFBundleIdentifier string org.contrail.tracker.link', plist]],
        ['/usr/libexec/PlistBuddy', ['-c', 'Add :CFBundleURLTypes array', '-c', 'Add :CFBundleURLTypes:0 dict', '-c', 'Add :CFBundleURLTypes:0:CFBundleURLName string Contrail flight plan', '-c', 'Add :CFBundleURLTypes:0:CFBundleURLSchemes array', '-c', `Add :CFBundleURLTypes:0:CFBundleURLSchemes:0 string ${DEEP_LINK_SCHEME}`, plist]],
        [LSREGISTER, ['-f', app]],
      ];
      for (const [file, args] of commands) {
        await run(file, args);
        steps.push(`${file} ${args.join(' ')}`);
      }
      return { steps };
    }
    case 'xdg': {
      const dataHome = input.env.XDG_DATA_HOME && path.isAbsolute(input.env.XDG_DATA_HOME) ? input.env.XDG_DATA_HOME : path.join(home, '.local', 'share');
      const applications = path.join(dataHome, 'applications');
      await mkdir(applications, { recursive: true });
      const file = path.join(applications, DESKTOP_FILE_NAME);
      await writeFile(file, desktopEntryFor(input.trackerCommand));
      steps.push(`wrote ${file}`);
      await run('xdg-mime', ['default', DESKTOP_FILE_NAME, MIME_TYPE]);
      steps.push(`xdg-mime default ${DESKTOP_FILE_NAME} ${MIME_TYPE}`);
      // Refreshes the menu cache where the tool exists; the handler works without it.
      await run('update-desktop-database', [applications]).then(
        () => steps.push(`update-desktop-database ${applications}`),
        () => undefined,
      );
      return { steps };
    }
  }
};
