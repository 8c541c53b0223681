import { spawn } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: Record<string, string | undefined> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a tool from node_modules with this same Node (22), never the system one. */
export function runBin(modulePath: string, args: string[], env: Record<string, string | undefined> = {}): Promise<number> {
  return run(process.execPath, [path.join(root, 'node_modules', modulePath), ...args], env);
}
