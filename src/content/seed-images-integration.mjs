// @ts-check
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Seed image files: `<sha1 of the content>-<width>x<height>.<ext>` (see studio/scripts/seed/images.mjs). */
const SEED_IMAGE_FILE = /^[0-9a-f]{40}-\d+x\d+\.(svg|png|jpe?g|webp|gif)$/;
const CONTENT_TYPES = /** @type {Record<string, string>} */ ({
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
});
/** URL path the site serves them at; src/content/images.ts builds the same `src`. */
const URL_PATH = '/cms/images/';
const DEFAULT_IMAGES_DIR = fileURLToPath(new URL('../../studio/seed/images/', import.meta.url));

/**
 * Serves the seed dataset's images when the content comes from the seed (SANITY_PROJECT_ID unset):
 * the build copies studio/seed/images/* to <dist>/cms/images/, and the dev server answers
 * /cms/images/<file> from studio/seed/images/. With a Sanity project, images come from the CDN and
 * nothing is copied. Only content-hash file names are served, so the files can be cached forever.
 *
 * @param {{ imagesDir?: string }} [options]
 * @returns {import('astro').AstroIntegration}
 */
export default function seedImages(options = {}) {
  const imagesDir = options.imagesDir ?? DEFAULT_IMAGES_DIR;
  const usesSeed = () => !process.env.SANITY_PROJECT_ID?.trim();

  return {
    name: 'musio-seed-images',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const pathname = (req.url ?? '').split('?')[0] ?? '';
          if (!pathname.startsWith(URL_PATH)) return next();
          // Hash names need no decoding: anything else (%2e%2e, slashes) simply does not match.
          const file = pathname.slice(URL_PATH.length);
          const match = SEED_IMAGE_FILE.exec(file);
          if (!match || !usesSeed()) return next();
          const full = path.join(imagesDir, file);
          stat(full).then(
            (info) => {
              res.statusCode = 200;
              res.setHeader('Content-Type', CONTENT_TYPES[match[1] ?? ''] ?? 'application/octet-stream');
              res.setHeader('Content-Length', String(info.size));
              res.setHeader('Cache-Control', 'no-cache');
              res.setHeader('X-Content-Type-Options', 'nosniff');
              // An SVG opened directly must not run anything.
              if (match[1] === 'svg') res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
              createReadStream(full).pipe(res);
            },
            () => next(),
          );
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!usesSeed()) {
          logger.info('SANITY_PROJECT_ID is set: images come from the Sanity CDN, no seed images copied');
          return;
        }
        const target = path.join(fileURLToPath(dir), 'cms', 'images');
        const files = (await readdir(imagesDir)).filter((file) => SEED_IMAGE_FILE.test(file));
        await mkdir(target, { recursive: true });
        await Promise.all(files.map((file) => copyFile(path.join(imagesDir, file), path.join(target, file))));
        logger.info(`copied ${files.length} seed images to ${path.relative(process.cwd(), target) || target}`);
      },
    },
  };
}
