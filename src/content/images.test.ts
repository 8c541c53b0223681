import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assetFileName, toRenderableImage, type SanityImage } from './images.ts';
import seedImages from './seed-images-integration.mjs';

const svg: SanityImage = {
  asset: {
    _id: 'image-a0d7731d6ec4082f69924840fb9d6b29e1d31d32-640x640-svg',
    url: 'https://cdn.sanity.io/images/localdev/production/a0d7731d6ec4082f69924840fb9d6b29e1d31d32-640x640.svg',
    metadata: { dimensions: { width: 640, height: 640, aspectRatio: 1 } },
  },
  alt: 'Musio',
  caption: null,
};
const jpeg: SanityImage = {
  asset: {
    _id: 'image-0123456789abcdef0123456789abcdef01234567-1500x1000-jpg',
    url: 'https://cdn.sanity.io/images/abc123/production/0123456789abcdef0123456789abcdef01234567-1500x1000.jpg',
    metadata: { dimensions: { width: 1500, height: 1000, aspectRatio: 1.5 } },
  },
  alt: '教室の写真',
  caption: 'レッスンの様子',
};

describe('toRenderableImage', () => {
  it('serves seed images from this site', () => {
    expect(toRenderableImage(svg, 'seed')).toEqual({
      src: '/cms/images/a0d7731d6ec4082f69924840fb9d6b29e1d31d32-640x640.svg',
      width: 640,
      height: 640,
      alt: 'Musio',
    });
    expect(toRenderableImage(svg, { kind: 'seed', dataset: 'production' })?.src).toMatch(/^\/cms\/images\//);
  });

  it('uses the CDN url as is for SVG from Sanity', () => {
    expect(toRenderableImage(svg, 'sanity')).toEqual({ src: svg.asset!.url, width: 640, height: 640, alt: 'Musio' });
  });

  it('gives raster images from Sanity a sized src and a srcset up to the original width', () => {
    const image = toRenderableImage(jpeg, 'sanity', { maxWidth: 960 })!;
    const url = jpeg.asset!.url;
    expect(image.src).toBe(`${url}?w=960&auto=format`);
    expect(image.srcset).toBe(
      [320, 640, 960, 1280, 1500].map((w) => `${url}?w=${w}&auto=format ${w}w`).join(', '),
    );
    expect(image).toMatchObject({ width: 1500, height: 1000, alt: '教室の写真', caption: 'レッスンの様子' });
  });

  it('returns null without an image and throws without dimensions', () => {
    expect(toRenderableImage(null, 'seed')).toBeNull();
    expect(toRenderableImage({ asset: null, alt: 'x' }, 'seed')).toBeNull();
    expect(() => toRenderableImage({ ...svg, asset: { ...svg.asset!, metadata: null } }, 'seed')).toThrow(/no dimensions/);
  });

  it('reads the file name from the url', () => {
    expect(assetFileName({ url: `${svg.asset!.url}?w=10` })).toBe('a0d7731d6ec4082f69924840fb9d6b29e1d31d32-640x640.svg');
  });
});

describe('seed images integration', () => {
  it('copies content-hash image files (and nothing else) into dist/cms/images', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'seed-images-'));
    try {
      const source = path.join(tmp, 'images');
      const dist = path.join(tmp, 'dist');
      await mkdir(source);
      await writeFile(path.join(source, 'a0d7731d6ec4082f69924840fb9d6b29e1d31d32-640x640.svg'), '<svg/>');
      await writeFile(path.join(source, 'notes.txt'), 'not an image');
      const integration = seedImages({ imagesDir: source });
      const hook = integration.hooks['astro:build:done'] as unknown as (options: { dir: URL; logger: { info: (m: string) => void } }) => Promise<void>;
      const previous = process.env.SANITY_PROJECT_ID;
      delete process.env.SANITY_PROJECT_ID;
      try {
        await hook({ dir: pathToFileURL(`${dist}/`), logger: { info: (message: string) => void message } });
      } finally {
        if (previous !== undefined) process.env.SANITY_PROJECT_ID = previous;
      }
      expect(await readdir(path.join(dist, 'cms', 'images'))).toEqual(['a0d7731d6ec4082f69924840fb9d6b29e1d31d32-640x640.svg']);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('serves /cms/images/<hash file> on the dev server and passes everything else on', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'seed-images-'));
    try {
      const file = 'a0d7731d6ec4082f69924840fb9d6b29e1d31d32-640x640.svg';
      await writeFile(path.join(tmp, file), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      let middleware: ((req: { url: string }, res: Writable, next: () => void) => void) | undefined;
      const hook = seedImages({ imagesDir: tmp }).hooks['astro:server:setup'] as unknown as (options: { server: { middlewares: { use: (fn: typeof middleware) => void } } }) => void;
      hook({ server: { middlewares: { use: (fn) => (middleware = fn) } } });

      const request = (url: string) =>
        new Promise<{ passed: boolean; headers: Record<string, string>; body: string }>((resolve) => {
          const headers: Record<string, string> = {};
          let body = '';
          const res = Object.assign(
            new Writable({
              write(chunk: Buffer, _encoding, done) {
                body += chunk.toString();
                done();
              },
              final(done) {
                done();
                resolve({ passed: false, headers, body });
              },
            }),
            { statusCode: 0, setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) },
          );
          middleware!({ url }, res, () => resolve({ passed: true, headers, body }));
        });

      const hit = await request(`/cms/images/${file}?v=1`);
      expect(hit).toMatchObject({ passed: false, body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
      expect(hit.headers['content-type']).toBe('image/svg+xml');
      expect((await request('/cms/images/../../package.json')).passed).toBe(true);
      expect((await request('/cms/images/0000000000000000000000000000000000000000-1x1.svg')).passed).toBe(true);
      expect((await request('/plan/kodomo')).passed).toBe(true);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
