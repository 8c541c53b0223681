import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Asks the process to stop gracefully. */
  stop(): Promise<void>;
  /** Kills it at once, as a crash or an out-of-memory kill would. */
  kill(): Promise<void>;
}

/** Starts tests/support/server-process.ts in its own Node process on a database. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(path.join(import.meta.dirname, 'server-process.ts'), [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { ready?: string }) => (message.ready ? resolve(message.ready) : reject(new Error('server process failed'))));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
