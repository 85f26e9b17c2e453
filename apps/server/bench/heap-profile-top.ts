/**
 * `npx tsx apps/server/bench/heap-profile-top.ts <file.heapprofile> [acknowledgements]`: the
 * functions that allocated most in a sampling heap profile (bench:ingest's BENCH_HEAP_PROFILE), by
 * what they allocated themselves and with what they called, in bytes per acknowledgement when
 * the run's count is given (the JSON line's `acked`, warm-up included), without a browser's
 * DevTools. A function is named by its file, line and column: a transpiled file is one line.
 */
import fs from 'node:fs';

type ProfileNode = {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
};

const [file, acks] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: heap-profile-top.ts <file.heapprofile> [acknowledgements]\n');
  process.exit(2);
}
const { head } = JSON.parse(fs.readFileSync(file, 'utf8')) as { head: ProfileNode };
const per = Number(acks ?? 1) || 1;

const nameOf = ({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${lineNumber}:${columnNumber}`;

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;

/** Adds a node's own bytes, and returns them with its callees'; a function counts once per stack. */
const visit = (node: ProfileNode, onStack: ReadonlySet<string>): number => {
  const name = nameOf(node.callFrame);
  self.set(name, (self.get(name) ?? 0) + node.selfSize);
  total += node.selfSize;
  const stack = new Set(onStack).add(name);
  let bytes = node.selfSize;
  for (const child of node.children) bytes += visit(child, stack);
  if (!onStack.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + bytes);
  return bytes;
};
visit(head, new Set());

const top = (sizes: Map<string, number>, count: number) =>
  [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => `${String(Math.round(bytes / per)).padStart(10)}  ${name}`)
    .join('\n');

const unit = acks ? 'bytes per acknowledgement' : 'bytes';
process.stdout.write(`${Math.round(total / per)} ${unit} in all\n\nallocated by the function itself (${unit}):\n${top(self, 30)}\n\nwith its callees:\n${top(inclusive, 30)}\n`);
