import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

/** The real SimBrief OFPs beside the repository (`../shared/data/simbrief` from its root). */
export const SIMBRIEF_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/simbrief');
export const hasSimbriefData = fs.existsSync(SIMBRIEF_DATA_DIR);
if (!hasSimbriefData) console.warn(`Skipping SimBrief tests on real OFPs: ${SIMBRIEF_DATA_DIR} is absent`);

export const readOfp = (fileName: string): string => fs.readFileSync(path.join(SIMBRIEF_DATA_DIR, fileName), 'utf8');

/** SimBrief's JSON form of an OFP: the XML root's content, every value a string, empty elements `{}`. */
export const ofpJsonOf = (xml: string): string => {
  const document = new XMLParser({ ignoreAttributes: true, parseTagValue: false }).parse(xml) as Record<string, unknown>;
  return JSON.stringify(document.OFP ?? document.VMSAcars, (_key, value: unknown) => (value === '' ? {} : value));
};

export type PeerRequest = { path: string; query: URLSearchParams };
/** What the peer answers for one request: status and body (XML or JSON text). */
export type PeerAnswer = { status: number; body: string; contentType?: string };

export type SimbriefPeer = {
  baseUrl: string;
  requests: PeerRequest[];
  /** Replaces the answer function. */
  answerWith: (answer: (request: PeerRequest) => PeerAnswer) => void;
  close: () => Promise<void>;
};

const fetchError = (status: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<OFP><fetch><userid/><static_id/><status>${status}</status><time>0.01</time></fetch></OFP>`;

/**
 * A local stand-in for SimBrief's OFP fetcher on 127.0.0.1, answering as SimBrief does: the OFP for a
 * known pilot (XML, or JSON with json=1), HTTP 400 with a `<fetch><status>Error: ...` otherwise.
 */
export const startSimbriefPeer = async (ofps: Record<string, string>): Promise<SimbriefPeer> => {
  const requests: PeerRequest[] = [];
  let answer = (request: PeerRequest): PeerAnswer => {
    if (request.path !== '/api/xml.fetcher.php') return { status: 404, body: 'not found' };
    const pilot = request.query.get('userid') ?? request.query.get('username') ?? '';
    const ofp = ofps[pilot];
    const isJson = request.query.get('json') === '1';
    if (!ofp) {
      const status = 'Error: Unknown UserID';
      return isJson
        ? { status: 400, body: JSON.stringify({ fetch: { status } }), contentType: 'application/json' }
        : { status: 400, body: fetchError(status) };
    }
    return isJson ? { status: 200, body: ofpJsonOf(ofp), contentType: 'application/json' } : { status: 200, body: ofp };
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = { path: url.pathname, query: url.searchParams };
    requests.push(request);
    const reply = answer(request);
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/xml; charset=utf-8' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerWith: (next) => {
      answer = next;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};
