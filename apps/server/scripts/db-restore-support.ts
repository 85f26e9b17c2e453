import fs from 'node:fs';
import path from 'node:path';

/** The pid of the live process holding a PGlite folder (its contrail.lock), if any. */
export const lockHolder = (dataDir: string): number | undefined => {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'contrail.lock'), 'utf8'), 10);
  } catch {
    return undefined;
  }
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
};
