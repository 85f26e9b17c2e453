import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLogLine, readableLogStream } from '../../src/plugins/readable-log';

describe('readable development logs', () => {
  it('prints a pino line as time, level, message and its fields, not raw JSON', () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 4, 31), pid: 1, hostname: 'h', reqId: 'req-1', msg: 'Server listening', port: 8080 });
    expect(formatLogLine(line)).toBe('12:04:31 INFO  Server listening port=8080');
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('writes each line of a chunk readably', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const stream = readableLogStream(out);
    await new Promise<void>((resolve) => stream.write(`${JSON.stringify({ level: 20, time: 0, msg: 'GET /api/v1/health 200 2 ms' })}\n`, () => resolve()));
    expect(written).toBe('00:00:00 DEBUG GET /api/v1/health 200 2 ms\n');
  });
});

describe('request lines', () => {
  it('are one debug line per response, and nothing at info', async () => {
    const { default: Fastify } = await import('fastify');
    const { DebugRequestLogController } = await import('../../src/plugins/readable-log');
    const lines: { level: number; msg: string }[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) };
    const app = Fastify({ logger: { level: 'debug', stream }, logController: new DebugRequestLogController() });
    app.get('/ping', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/ping' });
    await app.close();
    const requestLines = lines.filter((line) => line.msg.includes('/ping'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]!.level).toBe(20);
    expect(requestLines[0]!.msg).toMatch(/^GET \/ping 200 \d+ ms$/);
    expect(lines.some((line) => line.level === 30 && /incoming request|request completed/.test(line.msg))).toBe(false);
  });
});
