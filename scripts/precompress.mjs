// @ts-check
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest)$/;
const MIN_BYTES = 512;

/**
 * An Astro integration that writes .br and .gz next to every compressible file of the build,
 * once, at the highest settings; the server then picks one per request without compressing.
 * @returns {import('astro').AstroIntegration}
 */
export default function precompress() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = (await list(root)).filter((file) => COMPRESSIBLE.test(file));
        let count = 0;
        await Promise.all(
          files.map(async (file) => {
            if ((await stat(file)).size < MIN_BYTES) return;
            const body = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzip(body, { level: 9 }),
            ]);
            if (br.length < body.length) await writeFile(file + '.br', br);
            if (gz.length < body.length) await writeFile(file + '.gz', gz);
            count += 1;
          }),
        );
        logger.info(`precompressed ${count} files (brotli and gzip)`);
      },
    },
  };
}

/** @param {string} dir @returns {Promise<string[]>} */
async function list(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? list(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}
