import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFlightPlanLink, deepLinkPublicKey } from '@contrail/domain/deep-link/flight-plan-link';
import { parseCommandLine } from '../src/cli/parse-command-line';
import { DESKTOP_FILE_NAME, registerLinkHandler, windowsRegistryCommands } from '../src/deep-link/link-registration';
import { LinkRefused, OPENED_PLAN_FILE, openFlightPlanLink } from '../src/deep-link/open-link';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'contrail-link-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const trackerCommand = ['/usr/bin/node', '--import', 'file:///opt/tsx loader.mjs', '/opt/contrail/apps/tracker/src/main.ts'];

describe('tracker register-link', () => {
  it('Linux: writes the desktop entry into the XDG data folder and makes it the contrail: handler', async () => {
    const xdg = await tempDir();
    const ran: string[][] = [];
    const { steps } = await registerLinkHandler({
      platform: 'linux',
      trackerCommand,
      env: { XDG_DATA_HOME: xdg },
      homeDir: '/nonexistent-home',
      run: async (file, args) => {
        ran.push([file, ...args]);
      },
    });
    const entry = await readFile(path.join(xdg, 'applications', DESKTOP_FILE_NAME), 'utf8');
    expect(entry.split('\n')).toEqual([
      '[Desktop Entry]',
      'Type=Application',
      'Name=Contrail tracker',
      'Comment=Opens Contrail flight plan links in the Contrail tracker',
      'Exec=/usr/bin/node --import "file:///opt/tsx loader.mjs" /opt/contrail/apps/tracker/src/main.ts open-link %u',
      'Terminal=true',
      'NoDisplay=true',
      'MimeType=x-scheme-handler/contrail;',
      '',
    ]);
    expect(ran[0]).toEqual(['xdg-mime', 'default', DESKTOP_FILE_NAME, 'x-scheme-handler/contrail']);
    expect(steps[0]).toBe(`wrote ${path.join(xdg, 'applications', DESKTOP_FILE_NAME)}`);
  });

  it('Windows: the per-user URL protocol keys, the open command passing the link as one argument', async () => {
    const ran: string[][] = [];
    await registerLinkHandler({ platform: 'win32', trackerCommand: ['C:\\Program Files\\nodejs\\node.exe', 'C:\\contrail\\tracker.js'], env: {}, run: async (file, args) => void ran.push([file, ...args]) });
    expect(ran).toEqual(windowsRegistryCommands(['C:\\Program Files\\nodejs\\node.exe', 'C:\\contrail\\tracker.js']).map((args) => ['reg.exe', ...args]));
    expect(ran[1]).toEqual(['reg.exe', 'add', 'HKCU\\Software\\Classes\\contrail', '/v', 'URL Protocol', '/d', '', '/f']);
    expect(ran[2]).toEqual([
      'reg.exe', 'add', 'HKCU\\Software\\Classes\\contrail\\shell\\open\\command', '/ve', '/d',
      '"C:\\Program Files\\nodejs\\node.exe" "C:\\contrail\\tracker.js" open-link "%1"', '/f',
    ]);
  });

  it('macOS: an application declaring the scheme, registered with LaunchServices', async () => {
    const home = await tempDir();
    const ran: string[][] = [];
    await registerLinkHandler({ platform: 'darwin', trackerCommand, env: {}, homeDir: home, run: async (file, args) => void ran.push([file, ...args]) });
    expect(ran[0]?.slice(0, 3)).toEqual(['osacompile', '-o', path.join(home, 'Applications', 'Contrail Link.app')]);
    expect(ran.some((command) => command.includes('Add :CFBundleURLTypes:0:CFBundleURLSchemes:0 string contrail'))).toBe(true);
    expect(ran.at(-1)?.slice(-2)).toEqual(['-f', path.join(home, 'Applications', 'Contrail Link.app')]);
  });
});

describe('tracker open-link', () => {
  const secretKey = ed25519.utils.randomSecretKey();
  const keyServer = (async (url: string | URL) =>
    String(url) === 'http://127.0.0.1:8080/api/v1/deep-link/key'
      ? new Response(JSON.stringify({ algorithm: 'Ed25519', publicKey: deepLinkPublicKey(secretKey) }), { headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404 })) as typeof fetch;
  const now = Date.UTC(2026, 10, 27, 12);
  const link = buildFlightPlanLink(
    { server: 'http://localhost:8080', flightNumber: 'CTR42', aircraftIcao: 'A320', departureIdent: 'EGLL', arrivalIdent: 'LFPG', cruiseLevelFt: 24_000, type: 'NORMAL', expiresAtMs: now + 3_600_000 },
    secretKey,
  );

  it('keeps the plan of a link its server signed', async () => {
    const dataDir = await tempDir();
    const { plan, file } = await openFlightPlanLink({ link, serverUrl: 'http://127.0.0.1:8080', dataDir, now: () => now, fetchImpl: keyServer });
    expect(plan).toMatchObject({ flightNumber: 'CTR42', departureIdent: 'EGLL', arrivalIdent: 'LFPG' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(plan);
  });

  it('refuses a tampered link in plain words and keeps nothing', async () => {
    const dataDir = await tempDir();
    const tampered = link.replace('to=LFPG', 'to=KJFK');
    const opening = openFlightPlanLink({ link: tampered, serverUrl: 'http://127.0.0.1:8080', dataDir, now: () => now, fetchImpl: keyServer });
    await expect(opening).rejects.toBeInstanceOf(LinkRefused);
    await expect(opening).rejects.toThrow('This flight plan link has been changed or was not made by your Contrail server');
    expect(existsSync(path.join(dataDir, OPENED_PLAN_FILE))).toBe(false);
    await expect(openFlightPlanLink({ link, serverUrl: 'http://127.0.0.1:9', dataDir, now: () => now, fetchImpl: keyServer })).rejects.toThrow(
      'could not be reached to check this link',
    );
  });

  it('reads open-link and register-link from the command line', () => {
    expect(parseCommandLine(['open-link', link, '--server', 'http://127.0.0.1:3000'], {})).toMatchObject({ command: 'open-link', link, config: { serverUrl: 'http://127.0.0.1:3000' } });
    expect(parseCommandLine(['register-link'], {})).toEqual({ command: 'register-link' });
    expect(() => parseCommandLine(['open-link'], {})).toThrow('open-link needs the link');
    expect(() => parseCommandLine(['open-link', link, '--aircraft', 'A320'], {})).toThrow('Options open-link does not take: --aircraft');
  });
});
