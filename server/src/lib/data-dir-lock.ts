import fs from 'node:fs';
import path from 'node:path';

/** The lock file in DATA_DIR: which process has the embedded database open. */
export const LOCK_FILE = 'itms.lock';

/** The process that holds a data directory, as its lock file says. */
interface Holder {
  pid: number;
  /** Linux: the boot the process ran in and its start time, so a reused pid is not taken for it. */
  boot?: string;
  start?: string;
  command: string;
  since: string;
}

export class DataDirLockedError extends Error {}

const readText = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

const bootId = () => readText('/proc/sys/kernel/random/boot_id');

/** A process's start time in clock ticks since boot (Linux), the field after its name in /proc. */
function startOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  // the name in parentheses may hold spaces: count the fields after its closing parenthesis
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/**
 * Whether the lock's process still runs: the pid answers, and on Linux it is the same process (same
 * boot, same start time), not a later one that was given the pid after a crash or a reboot.
 */
function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  const start = startOf(holder.pid);
  return !(holder.start && start && holder.start !== start);
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR for this process (its embedded database has one owner: two processes writing it
 * would corrupt it) and answers the function that gives it back. The lock is a file naming the
 * process, made whole at once (written aside, then linked: it exists complete or not at all); a
 * file whose process has ended (killed, crashed, a reboot) is stale and taken over, so a SIGKILL
 * never blocks the next start. Throws DataDirLockedError, naming the directory and the process
 * that holds it, when that process still runs.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    boot: bootId(),
    start: startOf(process.pid),
    command: process.argv.slice(1).join(' ').slice(0, 300),
    since: new Date().toISOString(),
  };
  const draft = `${file}.${process.pid}`;
  fs.writeFileSync(draft, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(draft, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      }
      const holder = readHolder(file);
      if (holder && isRunning(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dir} is in use by another ITMS process (pid ${holder.pid}, since ${holder.since}: ${holder.command}). ` +
            `Its embedded database has one owner: stop that process first, or give this one another DATA_DIR ` +
            `(several processes share one database on PostgreSQL: DATABASE_URL). Lock file: ${file}`,
        );
      }
      // stale: its process is gone
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return () => {
    // only our own lock: never one a later process took over
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}
