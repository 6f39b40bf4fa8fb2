import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const lockOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
const writeLock = (dir: string, holder: object) =>
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ command: 'server.mjs', since: 'x', ...holder }),
  );
/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('DATA_DIR lock', () => {
  it('one holder at a time: a second one is refused, naming the directory and the process; freed by its release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(
      `DATA_DIR ${dir} is in use by another ITMS process (pid ${process.pid}`,
    );
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
    // nothing left behind but the (released) lock's absence
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a lock left by a process that has ended (SIGKILL, crash) is taken over', () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid() });
    const release = lockDataDir(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    release();
  });

  it.skipIf(!fs.existsSync('/proc/sys/kernel/random/boot_id'))(
    'a lock whose pid now belongs to another process (before a reboot, or reused) is taken over',
    () => {
      const dir = freshDir();
      // the parent process runs, but it is not the process that wrote these locks
      writeLock(dir, { pid: process.ppid, boot: 'an-earlier-boot' });
      lockDataDir(dir)();
      const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      writeLock(dir, { pid: process.ppid, boot: bootId, start: '1' });
      lockDataDir(dir)();
    },
  );

  it('an unreadable lock file is taken over; a release never removes a lock another process took', () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '');
    const release = lockDataDir(dir);
    writeLock(dir, { pid: process.ppid });
    release();
    expect(lockOf(dir).pid).toBe(process.ppid);
  });
});
