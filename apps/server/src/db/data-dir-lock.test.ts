import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'beurs-lock-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the PGlite data directory lock', () => {
  it('refuses a second opening while the first is open, and allows it after close', async () => {
    const dataDir = newFolder();
    const first = await openDatabase({ engine: 'pglite', dataDir });
    await expect(openDatabase({ engine: 'pglite', dataDir })).rejects.toThrow(DataDirInUseError);
    await first.close();
    expect(existsSync(join(dataDir, 'beurs.pid'))).toBe(false);
    const second = await openDatabase({ engine: 'pglite', dataDir });
    await second.close();
  });

  it('refuses while another live process holds it', async () => {
    const dataDir = newFolder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dataDir, 'beurs.pid'), String(other.pid));
      expect(() => lockDataDir(dataDir)).toThrow(/in use by process/);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dataDir = newFolder();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(join(dataDir, 'beurs.pid'), String(dead.pid));
    const release = lockDataDir(dataDir);
    release();
    expect(existsSync(join(dataDir, 'beurs.pid'))).toBe(false);
  });
});
