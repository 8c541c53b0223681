import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SanityClient } from '@sanity/client';
import { evaluate, parse } from 'groq-js';
import { readContentSource, type ContentSource } from './source.ts';

/**
 * The one way content is read, at build time and by the API: Sanity's API when
 * SANITY_PROJECT_ID is set, otherwise the seed dataset in studio/seed evaluated with groq-js.
 * The same GROQ query runs either way, against published documents only.
 */
export interface ContentLoader {
  source: ContentSource;
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>;
}

type SanityDocument = { _id: string; _type: string } & Record<string, unknown>;

/** `source`: as the configuration read it (the API's runtime); else read from `env`, by default the process's. */
export function createContentLoader(options: { source?: ContentSource; env?: Record<string, string | undefined>; root?: string } = {}): ContentLoader {
  const source = options.source ?? readContentSource(options.env ?? process.env);
  if (source.kind === 'sanity') {
    const client: SanityClient = createClient({
      projectId: source.projectId,
      dataset: source.dataset,
      apiVersion: source.apiVersion,
      useCdn: false,
      perspective: 'published',
      ...(source.token ? { token: source.token } : {}),
    });
    return { source, fetch: (query, params = {}) => client.fetch(query, params) };
  }
  const file = path.join(options.root ?? process.cwd(), 'studio', 'seed', `${source.dataset}.ndjson`);
  let dataset: Promise<SanityDocument[]> | undefined;
  return {
    source,
    fetch: async <T>(query: string, params: Record<string, unknown> = {}) => {
      dataset ??= readSeedDataset(file);
      const result = await evaluate(parse(query), { dataset: await dataset, params });
      return (await result.get()) as T;
    },
  };
}

/** Reads an NDJSON export, keeping published documents only (as the `published` perspective does). */
export async function readSeedDataset(file: string): Promise<SanityDocument[]> {
  const text = await readFile(file, 'utf8');
  const documents: SanityDocument[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    let doc: SanityDocument;
    try {
      doc = JSON.parse(line) as SanityDocument;
    } catch {
      throw new Error(`${file}:${index + 1} is not valid JSON`);
    }
    if (!doc._id.startsWith('drafts.') && !doc._id.includes('.versions.')) documents.push(doc);
  }
  return documents;
}

let shared: ContentLoader | undefined;

/** The loader for this process (pages call this at build time). */
export function content(): ContentLoader {
  return (shared ??= createContentLoader());
}
