/**
 * Run as a separate process by frame-journal.test.ts: appends batches of frames forever and
 * prints "durable <seq>" after each batch is on disk, until the test kills it with SIGKILL.
 */
import { FrameJournal } from '../../src/uplink/frame-journal';
import { makeFrame } from './frame-factory';

const [filePath = '', flightId = ''] = process.argv.slice(2);
const journal = await FrameJournal.open(filePath, flightId);
process.stdout.write(`opened ${journal.nextSeq}\n`);
for (let batch = 0; ; batch += 1) {
  const entries = await journal.append([makeFrame(batch * 3), makeFrame(batch * 3 + 1), makeFrame(batch * 3 + 2)]);
  if (batch % 4 === 3) await journal.acknowledge(entries[0]?.seq ?? 0);
  process.stdout.write(`durable ${entries.at(-1)?.seq}\n`);
}
