import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The real snapshots beside the repository (`../shared/data/networks` from its root). */
export const NETWORK_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/networks');
export const hasNetworkData = fs.existsSync(NETWORK_DATA_DIR);
if (!hasNetworkData) console.warn(`Skipping real-snapshot network tests: ${NETWORK_DATA_DIR} is absent`);
export const VATSIM_SNAPSHOT = path.join(NETWORK_DATA_DIR, 'vatsim-data-v3.json');
export const IVAO_SNAPSHOT = path.join(NETWORK_DATA_DIR, 'ivao-whazzup-v2.json');

/** A small VATSIM v3 document with the given callsigns. */
export const vatsimFeed = (callsigns: string[], reloadMinutes = 1) =>
  JSON.stringify({
    general: { version: 3, reload: reloadMinutes, update_timestamp: '2024-02-20T23:19:51.9474401Z' },
    pilots: callsigns.map((callsign, index) => ({
      cid: 1000 + index,
      callsign,
      latitude: 40 + index,
      longitude: -3 - index,
      altitude: 30000,
      groundspeed: 420,
      heading: 45,
      flight_plan: { departure: 'LEMD', arrival: 'EGLL', aircraft_short: 'A320' },
    })),
  });

export type FeedServer = {
  url: string;
  /** Requests the server has received. */
  hits: () => number;
  close: () => Promise<void>;
};

/**
 * A tiny feed server on 127.0.0.1 (random port). `handler` answers each request; returning
 * undefined leaves the request hanging (to test time-outs) until the server closes.
 */
export const startFeedServer = async (
  handler: (hit: number) => { status: number; body: string } | undefined,
): Promise<FeedServer> => {
  let hits = 0;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    hits += 1;
    const answer = handler(hits);
    if (!answer) {
      hanging.add(response);
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3/vatsim-data.json`,
    hits: () => hits,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
