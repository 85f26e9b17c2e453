import { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../lib/logging';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every pino line has; the rest are shown as key=value after the message. */
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

/** One pino JSON line as "12:04:31 INFO  message key=value", for people reading a terminal. */
export const formatLogLine = (line: string): string => {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '--:--:--';
  const level = (LEVEL_NAMES[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const extras = Object.entries(entry)
    .filter(([key]) => !HIDDEN_FIELDS.has(key))
    .map(([key, value]) => {
      if (key === 'err' && value && typeof value === 'object' && 'stack' in value && typeof value.stack === 'string') return `\n${value.stack}`;
      return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    });
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  return `${time} ${level} ${message}${extras.length > 0 ? ` ${extras.join(' ')}` : ''}`;
};

/** A destination that prints pino's JSON lines readably (development only; production keeps JSON for log tools). */
export const readableLogStream = (out: NodeJS.WritableStream = process.stdout): Writable =>
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim() !== '') out.write(`${formatLogLine(line)}\n`);
      callback();
    },
  });

/** Pino answers isLevelEnabled; with logging off, Fastify's stand-in logger has no such method and logs nothing. */
const isDebugOn = (request: FastifyRequest): boolean => (request.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') ?? false;

/**
 * Request lines at debug level ("GET /api/v1/... 200 3 ms", with the request id and the response
 * for log tools), in place of Fastify's two lines per request at info: `npm start` stays readable,
 * LOG_LEVEL=debug shows traffic. A failed request is still logged as Fastify does. URLs are
 * redacted like every other logged URL (lib/logging.ts).
 */
export class DebugRequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (isDebugOn(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!isDebugOn(request)) return; // the hottest path: build no line nobody reads
    const elapsedMs = Math.round(reply.elapsedTime);
    request.log.debug({ res: reply, responseTime: elapsedMs }, `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${elapsedMs} ms`);
  }
}
