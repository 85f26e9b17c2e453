import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FrameJournal, journalPathFor } from '../src/uplink/frame-journal';
import { makeFrame } from './support/frame-factory';

describe('FrameJournal (durable uplink queue)', () => {
  let dir: string;
  let filePath: string;
  const opened: FrameJournal[] = [];

  async function openJournal(options?: Parameters<typeof FrameJournal.open>[2]): Promise<FrameJournal> {
    const journal = await FrameJournal.open(filePath, 'flight-42', options);
    opened.push(journal);
    return journal;
  }

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'contrail-journal-'));
    filePath = journalPathFor(dir, 'flight-42');
  });
  afterEach(async () => {
    for (const journal of opened.splice(0)) await journal.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('numbers frames from 1 and writes them to disk before returning', async () => {
    const journal = await openJournal();
    expect(journal.nextSeq).toBe(1);
    const entries = await journal.append([makeFrame(0), makeFrame(1)]);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2]);
    expect((await journal.append([makeFrame(2)]))[0]?.seq).toBe(3);
    expect(journal.pending().map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(journal.pending(2).map((entry) => entry.seq)).toEqual([1, 2]);
    const lines = (await readFile(filePath, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(4); // header + 3 frames
    expect(JSON.parse(lines[3] ?? '')).toEqual({ seq: 3, frame: makeFrame(2) });
  });

  it('resumes after a restart: pending frames in order, next seq after the highest written', async () => {
    const first = await openJournal();
    await first.append([makeFrame(0), makeFrame(1), makeFrame(2)]);
    await first.append([makeFrame(3), makeFrame(4)]);
    await first.acknowledge(2);
    // No close(): the process "dies" here. A new instance opens the same file.
    const second = await openJournal();
    expect(second.acknowledgedSeq).toBe(2);
    expect(second.nextSeq).toBe(6);
    expect(second.pending()).toEqual([
      { seq: 3, frame: makeFrame(2) },
      { seq: 4, frame: makeFrame(3) },
      { seq: 5, frame: makeFrame(4) },
    ]);
    expect(second.recovery).toEqual({ pendingFrames: 3, hasDroppedTornTail: false, corruptLines: 0 });
    expect((await second.append([makeFrame(5)]))[0]?.seq).toBe(6);
  });

  it('keeps the sequence after everything was acknowledged and compacted', async () => {
    const first = await openJournal({ compactAfterLines: 1 });
    await first.append([makeFrame(0), makeFrame(1), makeFrame(2)]);
    await first.acknowledge(3);
    const lines = (await readFile(filePath, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(1); // compacted down to the header
    const second = await openJournal();
    expect(second.pending()).toEqual([]);
    expect(second.nextSeq).toBe(4);
  });

  it('ignores stale and duplicated acks, and refuses an ack beyond what was written', async () => {
    const journal = await openJournal();
    await journal.append([0, 1, 2, 3, 4].map((n) => makeFrame(n)));
    expect(await journal.acknowledge(3)).toBe(true);
    expect(await journal.acknowledge(2)).toBe(false); // arrives late
    expect(await journal.acknowledge(3)).toBe(false); // duplicated
    expect(journal.pending().map((entry) => entry.seq)).toEqual([4, 5]);
    await expect(journal.acknowledge(9)).rejects.toThrow(/beyond the last frame written \(5\)/);
    await expect(journal.acknowledge(-1)).rejects.toThrow(/non-negative integer/);
    await expect(journal.acknowledge(4.5)).rejects.toThrow(/non-negative integer/);
    expect(journal.acknowledgedSeq).toBe(3);
    expect(journal.pending().map((entry) => entry.seq)).toEqual([4, 5]);
    expect(await journal.acknowledge(5)).toBe(true);
    expect(journal.pendingCount).toBe(0);
    // The same holds after a restart: the late ack does not bring frames back.
    const reopened = await openJournal();
    expect(reopened.pendingCount).toBe(0);
    expect(reopened.nextSeq).toBe(6);
  });

  it('tolerates a torn last line left by a crash mid-write', async () => {
    const first = await openJournal();
    await first.append([makeFrame(0), makeFrame(1), makeFrame(2)]);
    const fourth = JSON.stringify({ seq: 4, frame: makeFrame(3) });
    await appendFile(filePath, fourth.slice(0, 40)); // the crash cut the write here
    const second = await openJournal();
    expect(second.recovery.hasDroppedTornTail).toBe(true);
    expect(second.pending().map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(second.nextSeq).toBe(4);
    await second.append([makeFrame(3)]);
    // The rewrite on open removed the torn bytes: the new line is whole and readable.
    const third = await openJournal();
    expect(third.recovery).toEqual({ pendingFrames: 4, hasDroppedTornTail: false, corruptLines: 0 });
    expect(third.pending().at(-1)).toEqual({ seq: 4, frame: makeFrame(3) });
  });

  it('skips and counts complete lines that are not journal lines', async () => {
    const first = await openJournal();
    await first.append([makeFrame(0)]);
    await appendFile(filePath, 'not json\n{"seq":2,"frame":{"timeMs":-1}}\n');
    await appendFile(filePath, JSON.stringify({ seq: 3, frame: makeFrame(2) }) + '\n');
    const second = await openJournal();
    expect(second.recovery.corruptLines).toBe(2);
    expect(second.pending().map((entry) => entry.seq)).toEqual([1, 3]);
    expect(second.nextSeq).toBe(4);
  });

  it('rejects a batch holding an invalid frame and writes nothing', async () => {
    const journal = await openJournal();
    await journal.append([makeFrame(0)]);
    const before = await readFile(filePath, 'utf8');
    await expect(journal.append([makeFrame(1), makeFrame(2, { transponder: '7800' })])).rejects.toThrow(
      /Frame 1 of the batch is not a valid telemetry frame/,
    );
    expect(await readFile(filePath, 'utf8')).toBe(before);
    expect(journal.nextSeq).toBe(2);
    expect(journal.pendingCount).toBe(1);
  });

  it('gives distinct, ordered seqs to concurrent appends', async () => {
    const journal = await openJournal();
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => journal.append([makeFrame(n)])));
    expect(results.map((batch) => batch[0]?.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(journal.pending().map((entry) => entry.frame.timeMs)).toEqual([0, 1, 2, 3, 4, 5].map((n) => makeFrame(n).timeMs));
  });

  it('refuses a journal that belongs to another flight', async () => {
    await openJournal();
    await expect(FrameJournal.open(filePath, 'flight-43')).rejects.toThrow(/journal of flight flight-42, not flight-43/);
  });

  it('compacts once acknowledged lines pile up, and is removed at the end of the flight', async () => {
    const journal = await openJournal({ compactAfterLines: 4 });
    await journal.append([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => makeFrame(n)));
    await journal.acknowledge(1); // 2 dead lines: not yet
    expect((await readFile(filePath, 'utf8')).trimEnd().split('\n')).toHaveLength(12);
    await journal.acknowledge(8); // 9 dead lines, 2 pending: rewrite
    const lines = (await readFile(filePath, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ flightId: 'flight-42', ackedSeq: 8, lastSeq: 10 });
    await expect(journal.remove()).rejects.toThrow(/2 frame\(s\) of flight flight-42 are not acknowledged/);
    await journal.acknowledge(10);
    await journal.remove();
    await expect(readFile(filePath, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('loses no durable frame when the writing process is killed (SIGKILL) mid-flight', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./support/journal-writer-child.ts', import.meta.url)), filePath, 'flight-42'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const deadline = Date.now() + 20_000;
    while ((output.match(/durable/g) ?? []).length < 20 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const durable = [...output.matchAll(/durable (\d+)/g)].map((match) => Number(match[1]));
    expect(durable.length).toBeGreaterThanOrEqual(20);
    const lastDurable = Math.max(...durable);

    const journal = await openJournal();
    const seqs = journal.pending().map((entry) => entry.seq);
    // Every frame reported durable is there (or acknowledged), in order, without gaps.
    expect(journal.nextSeq - 1).toBeGreaterThanOrEqual(lastDurable);
    expect(seqs[0]).toBe(journal.acknowledgedSeq + 1);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => journal.acknowledgedSeq + 1 + i));
    expect(journal.nextSeq).toBe((seqs.at(-1) ?? journal.acknowledgedSeq) + 1);
  }, 30_000);
});

describe('journalPathFor', () => {
  it('makes the flight id file-safe and refuses an empty one', () => {
    expect(journalPathFor('/data', '../../etc/passwd')).toBe(path.join('/data', 'uplink', '______etc_passwd.jsonl'));
    expect(() => journalPathFor('/data', '')).toThrow(/flight id is required/);
  });
});

