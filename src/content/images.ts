import { content } from './loader.ts';
import type { ContentSource } from './source.ts';
import type { SanityImageAsset, SanityImageDimensions } from './sanity.types.ts';

/**
 * An image field as the queries project it (`{ "asset": asset->{ _id, url, metadata { dimensions } },
 * alt, caption }`, see queries.ts: IMAGE); null when the field is unset.
 */
export interface SanityImage {
  asset: (Pick<SanityImageAsset, '_id' | 'url'> & { metadata: { dimensions: Pick<SanityImageDimensions, 'width' | 'height' | 'aspectRatio'> | null } | null }) | null;
  alt: string | null;
  caption?: string | null;
}

/** What a page needs to render an image: intrinsic size (no layout shift) and alt text. */
export interface RenderableImage {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Raster images from Sanity's CDN only; SVG scales by itself. */
  srcset?: string;
  caption?: string;
}

/** Where the site serves seed images (copied from studio/seed/images by seed-images-integration.mjs). */
export const SEED_IMAGE_PATH = '/cms/images/';

/** Widths offered in srcset for raster images from the CDN (never above the original). */
export const SRCSET_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The asset's file name (`<sha1>-<w>x<h>.<ext>`), from its CDN url. */
export function assetFileName(asset: { url: string }): string {
  const name = new URL(asset.url).pathname.split('/').at(-1);
  if (!name) throw new Error(`Image asset url without a file name: ${asset.url}`);
  return name;
}

export interface ImageOptions {
  /** Width of the default `src` for raster CDN images (capped at the original). Default 1280. */
  maxWidth?: number;
  /** srcset widths for raster CDN images. */
  widths?: readonly number[];
}

/**
 * Turns a projected image (`{asset->{_id, url, metadata{dimensions}}, alt, caption}`) into what a
 * page renders. Returns null when there is no image; throws when the asset lacks dimensions.
 * - seed: the file is served by this site at /cms/images/<file>;
 * - Sanity: the CDN url; raster images get `?w=…&auto=format` and a srcset, SVG is used as is.
 */
export function toRenderableImage(
  image: SanityImage | null | undefined,
  source: ContentSource | ContentSource['kind'],
  options: ImageOptions = {},
): RenderableImage | null {
  if (!image?.asset) return null;
  const { asset } = image;
  const dimensions = asset.metadata?.dimensions;
  if (!dimensions?.width || !dimensions.height) throw new Error(`Image asset ${asset._id} has no dimensions`);
  const { width, height } = dimensions;
  const file = assetFileName(asset);
  const base = {
    width,
    height,
    alt: image.alt ?? '',
    ...(image.caption ? { caption: image.caption } : {}),
  };
  const kind = typeof source === 'string' ? source : source.kind;
  if (kind === 'seed') return { src: `${SEED_IMAGE_PATH}${file}`, ...base };
  if (/\.svg$/i.test(file)) return { src: asset.url, ...base };

  const sized = (w: number) => `${asset.url}?w=${w}&auto=format`;
  const widths = [...new Set([...(options.widths ?? SRCSET_WIDTHS).filter((w) => w < width), width])].sort((a, b) => a - b);
  return {
    src: sized(Math.min(width, options.maxWidth ?? 1280)),
    srcset: widths.map((w) => `${sized(w)} ${w}w`).join(', '),
    ...base,
  };
}

/** toRenderableImage for this process's content source (pages call this at build time). */
export function imageFor(image: SanityImage | null | undefined, options: ImageOptions = {}): RenderableImage | null {
  return toRenderableImage(image, content().source, options);
}
