import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { computeBuildStamp, readBuildStamp, STAMP_FILE } from '../build-stamp.ts';
import { root, runBin } from './run.ts';

/** Builds the static site unless dist/ already matches its inputs. */
export async function ensureBuild(log: (message: string) => void): Promise<void> {
  const distDir = path.join(root, 'dist');
  const stamp = await computeBuildStamp(root);
  if ((await readBuildStamp(distDir)) === stamp) {
    log('The site build is up to date');
    return;
  }
  log('Building the site from the content (first start, or its sources changed)');
  // Always a production build, whoever asks: under vitest NODE_ENV is "test", and Vite would
  // then bundle React's development build.
  const code = await runBin('astro/bin/astro.mjs', ['build', '--silent'], { ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' });
  if (code !== 0) throw new Error(`astro build failed (exit code ${code})`);
  await writeFile(path.join(distDir, STAMP_FILE), stamp + '\n');
  log('Site built');
}
