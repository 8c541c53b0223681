import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { H3Event, HTTPResponse } from 'h3';
import { ENCODINGS, sendEncoded, variantOf, type Encoding, type Variants } from './lib/encoded-reply.ts';
import { mergeSources, pagePolicy, type CspSources } from './lib/security-headers.ts';

/**
 * The Astro build, held in memory: each file with its precompressed variants and, for pages, the
 * Content-Security-Policy built from the hashes Astro wrote into the page. Replies go out through
 * h3's serveStatic (lib/encoded-reply.ts).
 */
interface Asset {
  variants: Variants;
  cacheControl: string;
  csp?: CspSources;
}

export interface ServeOptions {
  /** 200 unless told (the Japanese 404 page is sent with 404). */
  status?: number;
  https?: boolean;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export class StaticSite {
  readonly #assets: Map<string, Asset>;

  constructor(assets: Map<string, Asset>) {
    this.#assets = assets;
  }

  get size(): number {
    return this.#assets.size;
  }

  /** The asset id a request path resolves to (`/kids` → `/kids/index.html`), or undefined. */
  resolve(pathname: string): string | undefined {
    let id = pathname;
    try {
      id = decodeURI(pathname);
    } catch {
      return undefined;
    }
    if (id.includes('\0') || id.split('/').some((segment) => segment === '..')) return undefined;
    const candidates = id.endsWith('/') ? [`${id}index.html`] : [id, `${id}/index.html`, `${id}.html`];
    return candidates.find((candidate) => this.#assets.has(candidate));
  }

  isPage(id: string): boolean {
    return id.endsWith('.html');
  }

  /**
   * Sends an asset (an id from resolve): the encoding the client prefers, its ETag and a 304 when
   * it still matches, the cache policy (unless the caller set a stricter one) and a page's CSP.
   */
  serve(event: H3Event, id: string, options: ServeOptions = {}): Promise<HTTPResponse> {
    const asset = this.#assets.get(id);
    if (!asset) throw new Error(`unknown asset ${id}`);
    const headers = event.res.headers;
    if (!headers.has('cache-control')) headers.set('cache-control', asset.cacheControl);
    if (asset.csp) headers.set('content-security-policy', pagePolicy(asset.csp, options.https ?? false));
    return sendEncoded(event, id, asset.variants, { status: options.status });
  }
}

/** Loads every file of the build into memory; every page's policy also allows `siteSources` (the payment provider). */
export async function loadStaticSite(distDir: string, siteSources: CspSources = {}): Promise<StaticSite> {
  const assets = new Map<string, Asset>();
  const files = await listFiles(distDir);
  const present = new Set(files);
  for (const file of files) {
    if (Object.values(ENCODINGS).some((suffix) => file.endsWith(suffix))) continue;
    const id = '/' + path.relative(distDir, file).split(path.sep).join('/');
    const body = new Uint8Array(await readFile(file));
    const ext = path.extname(file).toLowerCase();
    const variants: Variants = { type: types[ext] ?? 'application/octet-stream', identity: variantOf(body) };
    for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][]) {
      if (present.has(file + suffix)) variants[encoding] = variantOf(new Uint8Array(await readFile(file + suffix)));
    }
    const asset: Asset = { variants, cacheControl: cacheControlFor(id) };
    if (ext === '.html') asset.csp = mergeSources(readMetaCsp(new TextDecoder().decode(body)), siteSources);
    assets.set(id, asset);
  }
  return new StaticSite(assets);
}

function cacheControlFor(id: string): string {
  // Astro fingerprints everything under /_astro/, and seed images are named by their content
  // hash: a changed file gets a new name.
  if (id.startsWith('/_astro/') || id.startsWith('/cms/images/')) return 'public, max-age=31536000, immutable';
  if (id.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Reads the script and style hashes from the CSP meta element Astro writes into each page, and the
 * https origins a page lets into frames (the feedback page's survey, product decision 17).
 */
export function readMetaCsp(html: string): CspSources {
  const meta = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i.exec(html);
  if (!meta?.[1]) return {};
  const sources: CspSources = {};
  for (const directive of meta[1].replaceAll('&#39;', "'").split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    const hashes = values.filter((value) => /^'sha(256|384|512)-/.test(value));
    if (name === 'script-src') sources.scriptSrc = hashes;
    if (name === 'style-src') sources.styleSrc = hashes;
    if (name === 'frame-src') sources.frameSrc = values.filter((value) => /^https:\/\/[\w.-]+(:\d+)?$/.test(value));
  }
  return sources;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(full);
      return entry.isFile() ? [full] : [];
    }),
  );
  return nested.flat();
}

/** Whether a build exists at all (the server can still answer the API without one). */
export async function hasBuild(distDir: string): Promise<boolean> {
  return stat(path.join(distDir, 'index.html')).then(
    (s) => s.isFile(),
    () => false,
  );
}
