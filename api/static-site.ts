import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { mergeSources, pagePolicy, type CspSources } from './lib/security-headers.ts';

/**
 * The Astro build, held in memory: each file with its precompressed variants, ETags and, for
 * pages, the Content-Security-Policy built from the hashes Astro wrote into the page.
 */
interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface Asset {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  csp?: CspSources;
}

export interface StaticReply {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | null;
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

  /** Answers a GET or HEAD for an asset id, negotiating brotli or gzip and honouring If-None-Match. */
  reply(id: string, request: Request, options: { status?: number; https?: boolean } = {}): StaticReply {
    const asset = this.#assets.get(id);
    if (!asset) throw new Error(`unknown asset ${id}`);
    const accepted = request.headers.get('accept-encoding') ?? '';
    const encoding = asset.br && /\bbr\b/.test(accepted) ? 'br' : asset.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const variant = (encoding && asset[encoding]) || asset.identity;
    const headers = new Headers({
      'content-type': asset.type,
      'cache-control': asset.cacheControl,
      etag: variant.etag,
      vary: 'accept-encoding',
    });
    if (encoding) headers.set('content-encoding', encoding);
    if (asset.csp) headers.set('content-security-policy', pagePolicy(asset.csp, options.https ?? false));
    const status = options.status ?? 200;
    if (status === 200 && matchesEtag(request.headers.get('if-none-match'), variant.etag)) {
      return { status: 304, headers, body: null };
    }
    headers.set('content-length', String(variant.body.byteLength));
    return { status, headers, body: request.method === 'HEAD' ? null : variant.body };
  }
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((value) => value.trim().replace(/^W\//, '') === etag);
}

/** Loads every file of the build into memory; every page's policy also allows `siteSources` (the payment provider). */
export async function loadStaticSite(distDir: string, siteSources: CspSources = {}): Promise<StaticSite> {
  const assets = new Map<string, Asset>();
  const files = await listFiles(distDir);
  const present = new Set(files);
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const id = '/' + path.relative(distDir, file).split(path.sep).join('/');
    const body = new Uint8Array(await readFile(file));
    const ext = path.extname(file).toLowerCase();
    const asset: Asset = {
      type: types[ext] ?? 'application/octet-stream',
      cacheControl: cacheControlFor(id),
      identity: variant(body, ''),
    };
    if (present.has(file + '.br')) asset.br = variant(new Uint8Array(await readFile(file + '.br')), '-br');
    if (present.has(file + '.gz')) asset.gzip = variant(new Uint8Array(await readFile(file + '.gz')), '-gz');
    if (ext === '.html') asset.csp = mergeSources(readMetaCsp(new TextDecoder().decode(body)), siteSources);
    assets.set(id, asset);
  }
  return new StaticSite(assets);
}

function variant(body: Uint8Array<ArrayBuffer>, suffix: string): Variant {
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 20);
  return { body, etag: `"${hash}${suffix}"` };
}

function cacheControlFor(id: string): string {
  // Astro fingerprints everything under /_astro/, and seed images are named by their content
  // hash: a changed file gets a new name.
  if (id.startsWith('/_astro/') || id.startsWith('/cms/images/')) return 'public, max-age=31536000, immutable';
  if (id.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Reads the script and style hashes from the CSP meta element Astro writes into each page. */
export function readMetaCsp(html: string): CspSources {
  const meta = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i.exec(html);
  if (!meta?.[1]) return {};
  const sources: CspSources = {};
  for (const directive of meta[1].replaceAll('&#39;', "'").split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    const hashes = values.filter((value) => /^'sha(256|384|512)-/.test(value));
    if (name === 'script-src') sources.scriptSrc = hashes;
    if (name === 'style-src') sources.styleSrc = hashes;
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
