import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// PGlite has no server to arbitrate: two processes opening one data directory would corrupt it.
// The first process writes its pid into `beurs.pid`; another one (the server, `ledger:verify`) is
// refused while that process lives. A lock left by a process that died is taken over.

export class DataDirInUseError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Locks the directory for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'beurs.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirInUseError(
          `${dataDir} is in use by process ${owner} (a running Beurs server?). Stop it first, or use PostgreSQL.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`could not lock ${dataDir}`);
}
