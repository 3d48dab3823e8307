import { execFile } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export type ShellResult = { code: number; output: string };

function run(file: string, args: string[], env: Record<string, string>): Promise<ShellResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: root, env: { ...process.env, ...env }, timeout: 240_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** One of deploy/'s scripts, run from the repository's root as a user would: exit code and output. */
export const runDeployScript = (script: string, env: Record<string, string>) =>
  run(path.join(root, 'deploy', script), [], env);

/**
 * A shell script (docs/deploy.md's blocks) under `bash -euo pipefail`, from the repository's root.
 * `--norc`: Node hands the child a socket for its input, and Debian's bash, seeing a socket, takes
 * itself for a remote shell and reads /etc/bash.bashrc first (an unset PS1 under `-u` then ended a
 * block when the tests were started from a detached shell).
 */
export const runBash = (script: string, env: Record<string, string> = {}) =>
  run('bash', ['--norc', '-euo', 'pipefail', '-c', script], env);
