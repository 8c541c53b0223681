import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/lib/build.ts';
import { root } from '../../scripts/lib/run.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDist: string;
  }
}

/**
 * The built-site checks read dist/: build it first unless it is current (the browser tests that
 * follow in `npm test` then find it ready). SITE_DIST points them at another build instead, such
 * as a copy of an older one.
 */
export default async function setup(project: TestProject) {
  const given = process.env.SITE_DIST;
  if (!given) await ensureBuild((message) => console.log(`› ${message}`));
  project.provide('siteDist', given ? path.resolve(given) : path.join(root, 'dist'));
}
