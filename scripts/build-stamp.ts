import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Everything the static build is made from: if none of it changed, the build in dist/ is current. */
const INPUTS = ['src', 'public', 'studio/seed', 'packages/content-rules/src', 'astro.config.mjs', 'scripts/phrase-breaks.mjs', 'scripts/precompress.mjs', 'package-lock.json', 'tsconfig.json'];
const ENV_INPUTS = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'PUBLIC_ORIGIN', 'PORT'];
export const STAMP_FILE = '.build-stamp';

/** A hash of the build's inputs (file paths and contents, plus the settings that change the output). */
export async function computeBuildStamp(root: string, env: Record<string, string | undefined> = process.env): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of await listFiles(path.join(root, input))) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(path.relative(root, file));
      hash.update(await readFile(file));
    }
  }
  for (const key of ENV_INPUTS) hash.update(`${key}=${env[key] ?? ''}`);
  return hash.digest('hex');
}

async function listFiles(target: string): Promise<string[]> {
  const entries = await readdir(target, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOTDIR') return null;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === null) return [target];
  const nested = await Promise.all(
    entries
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((entry) => (entry.isDirectory() ? listFiles(path.join(target, entry.name)) : [path.join(target, entry.name)])),
  );
  return nested.flat();
}

export async function readBuildStamp(distDir: string): Promise<string | undefined> {
  return readFile(path.join(distDir, STAMP_FILE), 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
}
