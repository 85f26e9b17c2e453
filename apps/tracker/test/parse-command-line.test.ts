import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRACKER_HUB_DEFAULT_PORT } from '@contrail/domain/live/connection-status';
import { parseCommandLine } from '../src/cli/parse-command-line';
import { ConfigError, DEFAULT_DATA_DIR } from '../src/config/tracker-config';

describe('tracker command line', () => {
  it('serve: defaults, then environment, then options', () => {
    expect(parseCommandLine([], {})).toEqual({
      command: 'serve',
      config: expect.objectContaining({
        port: TRACKER_HUB_DEFAULT_PORT,
        webOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
        serverUrl: 'http://127.0.0.1:8080',
        dataDir: DEFAULT_DATA_DIR,
      }),
    });
    // The pilot's own data folder, never one relative to wherever the tracker was started.
    expect(path.isAbsolute(DEFAULT_DATA_DIR)).toBe(true);
    expect(DEFAULT_DATA_DIR.startsWith(os.homedir()) || DEFAULT_DATA_DIR.startsWith(process.env.XDG_DATA_HOME ?? os.homedir())).toBe(true);
    expect(path.basename(DEFAULT_DATA_DIR)).toBe('contrail-tracker');
    const fromEnv = parseCommandLine(['serve'], { TRACKER_WEB_ORIGIN: 'https://contrail.example, http://localhost:5173', TRACKER_HUB_PORT: '7400', TRACKER_DATA_DIR: '/var/tracker' });
    expect(fromEnv).toMatchObject({ config: { webOrigins: ['https://contrail.example', 'http://localhost:5173'], port: 7400, dataDir: '/var/tracker' } });
    const fromOptions = parseCommandLine(['serve', '--port', '7500', '--web-origin', 'http://localhost:3000', '--server', 'http://127.0.0.1:3000/', '--xplane-port', '49001'], {
      TRACKER_HUB_PORT: '7400',
      TRACKER_WEB_ORIGIN: 'https://contrail.example',
    });
    expect(fromOptions).toMatchObject({
      config: { port: 7500, webOrigins: ['http://localhost:3000'], serverUrl: 'http://127.0.0.1:3000', simulators: { xplanePort: 49001, flightgearPort: 5501 } },
    });
  });

  it('fly: the issue example parses, the password may come from the environment', () => {
    const line = parseCommandLine(
      ['fly', '--server', 'http://127.0.0.1:8080', '--username', 'U', '--from', 'egll', '--to', 'LFPG', '--aircraft', 'a320', '--rate', '50', '--fault', 'hardLanding'],
      { TRACKER_PASSWORD: 'P' },
    );
    expect(line).toEqual({
      command: 'fly',
      config: expect.objectContaining({ username: 'U', password: 'P', from: 'EGLL', to: 'LFPG', aircraft: 'A320', rate: 50, faults: ['hardLanding'], readyTimeoutMs: 60_000 }),
    });
  });

  it('fly --mission: the mission names the airports, so --from and --to are left out', () => {
    const missionId = '7f9c2b1e-3d4a-4c5b-8e6f-1a2b3c4d5e6f';
    const parsed = parseCommandLine(['fly', '--username', 'U', '--password', 'P', '--mission', missionId, '--aircraft', 'A320'], {});
    expect(parsed).toMatchObject({ command: 'fly', config: { missionId, from: undefined, to: undefined } });
    expect(() => parseCommandLine(['fly', '--username', 'U', '--password', 'P', '--mission', missionId, '--from', 'EGLL', '--aircraft', 'A320'], {})).toThrow(
      /a mission sets the airports: leave out --from and --to/,
    );
    expect(() => parseCommandLine(['fly', '--username', 'U', '--password', 'P', '--mission', 'next-one', '--aircraft', 'A320'], {})).toThrow(/missionId: a mission id/);
    expect(() => parseCommandLine(['serve', '--mission', missionId], {})).toThrow(/for fly, not serve/);
  });

  it('fly --airline --route: the route sets the airports and the booked plane the type', () => {
    const airlineId = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
    const routeId = '6f7e8d9c-0b1a-4c2d-9e3f-4a5b6c7d8e9f';
    const parsed = parseCommandLine(['fly', '--username', 'U', '--password', 'P', '--airline', airlineId, '--route', routeId], {});
    expect(parsed).toMatchObject({ command: 'fly', config: { airlineId, routeId, aircraft: undefined, from: undefined } });
    expect(() => parseCommandLine(['fly', '--username', 'U', '--password', 'P', '--airline', airlineId], {})).toThrow(/needs both --airline and --route/);
    expect(() => parseCommandLine(['fly', '--username', 'U', '--password', 'P', '--airline', airlineId, '--route', routeId, '--from', 'EGLL'], {})).toThrow(
      /an airline route sets the airports/,
    );
    expect(() => parseCommandLine(['fly', '--username', 'U', '--password', 'P', '--from', 'EGLL', '--to', 'LFPG'], {})).toThrow(/aircraft: required/);
  });

  it('refuses bad input with every problem listed', () => {
    expect(() => parseCommandLine(['serve', '--web-origin', 'http://localhost:8080/app'], {})).toThrow(/without a path/);
    expect(() => parseCommandLine(['serve', '--port', 'seventy'], {})).toThrow(ConfigError);
    expect(() => parseCommandLine(['fly', '--rate', '500', '--username', 'U', '--password', 'P', '--from', 'EGLL', '--to', 'LFPG', '--aircraft', 'A320'], {})).toThrow(/rate/);
    expect(() => parseCommandLine(['fly'], {})).toThrow(/username: required[\s\S]*password: required[\s\S]*from: required/);
    expect(() => parseCommandLine(['fly', '--port', '1'], {})).toThrow(/for serve, not fly/);
    expect(() => parseCommandLine(['land'], {})).toThrow(/Unknown command land/);
    expect(() => parseCommandLine(['serve', '--colour'], {})).toThrow(ConfigError);
    expect(parseCommandLine(['--help'], {})).toEqual({ command: 'help' });
  });
});
