import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** A feed larger than this is refused (the real feeds are about 1 MB; this leaves room to grow). */
export const MAX_FEED_BYTES = 32 * 1024 * 1024;

export type FeedSourceKind = 'http' | 'file';

/** `http` for http(s) URLs; `file` for file:// URLs and plain paths. */
export const feedSourceKind = (source: string): FeedSourceKind => (/^https?:\/\//i.test(source) ? 'http' : 'file');

/** A source as a path on disk (file:// URL or plain path, relative to the working directory). */
const toFilePath = (source: string): string => (/^file:\/\//i.test(source) ? fileURLToPath(source) : source);

const readHttp = async (url: string, signal: AbortSignal): Promise<string> => {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'follow' });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  const declaredLength = Number(response.headers.get('content-length') ?? '0');
  if (declaredLength > MAX_FEED_BYTES) {
    await response.body?.cancel();
    throw new Error(`feed is larger than ${MAX_FEED_BYTES} bytes`);
  }
  const text = await response.text();
  if (text.length > MAX_FEED_BYTES) throw new Error(`feed is larger than ${MAX_FEED_BYTES} bytes`);
  return text;
};

const readLocalFile = async (source: string, signal: AbortSignal): Promise<string> => {
  const filePath = toFilePath(source);
  const info = await stat(filePath);
  if (info.size > MAX_FEED_BYTES) throw new Error(`feed is larger than ${MAX_FEED_BYTES} bytes`);
  return readFile(filePath, { encoding: 'utf8', signal });
};

/**
 * A short reason for a failed read that names no server path: the system error code (ENOENT,
 * ECONNREFUSED...) when there is one, else the message.
 */
const describeReadError = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code === 'ENOENT' ? 'file not found (ENOENT)' : code;
  return error.message;
};

/**
 * Downloads (or re-reads) a feed and parses its JSON. Fails with an Error whose message says why:
 * HTTP status, timeout, missing file, not JSON. `timeoutMs` bounds the whole read; `signal` lets the
 * caller abort it (server shutdown).
 */
export const readFeedSource = async (source: string, { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<unknown> => {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let text: string;
  try {
    text = feedSourceKind(source) === 'http' ? await readHttp(source, combined) : await readLocalFile(source, combined);
  } catch (error) {
    if (timeout.aborted) throw new Error(`no answer within ${timeoutMs} ms`);
    if (signal?.aborted) throw new Error('aborted');
    throw new Error(describeReadError(error));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error('the feed is not JSON');
  }
};
