import fs from 'node:fs';
import path from 'node:path';

export type DataDirLock = { release: () => void };

export class DataDirLockedError extends Error {}

const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite takes no lock of its own and two processes on one folder corrupt it, so the server holds
 * a lock file with its pid. A lock left by a process that no longer runs (kill -9) is taken over.
 */
export const acquireDataDirLock = (dataDir: string): DataDirLock => {
  const lockPath = path.join(dataDir, 'contrail.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dataDir)} is already in use by another Contrail process (pid ${holder}). ` +
            'Stop that process, or start this one with another DATA_DIR, or use DATABASE_URL for a shared PostgreSQL.',
        );
      }
      fs.unlinkSync(lockPath); // stale lock
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dataDir)}.`);
};
