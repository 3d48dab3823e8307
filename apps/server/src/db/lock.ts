import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export type DirectoryLock = { release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>.lock` exclusively (O_EXCL), holding our pid. A lock left by a dead process is
 * taken over; a live holder makes this throw at once with a message a newcomer understands.
 */
export function acquireDirectoryLock(dir: string): DirectoryLock {
  mkdirSync(path.dirname(dir), { recursive: true });
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // Released before the exit: the listener goes too (a test process opens many directories).
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `Thư mục dữ liệu ${dir} đang được tiến trình ${holder} sử dụng. ` +
            `PGlite chỉ cho phép một tiến trình trên một thư mục: dừng tiến trình kia, ` +
            `hoặc đặt DATABASE_URL để dùng PostgreSQL khi chạy nhiều tiến trình.`,
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Không thể khóa thư mục dữ liệu ${dir}`);
}
