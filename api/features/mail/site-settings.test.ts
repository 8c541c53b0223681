import { describe, expect, it } from 'vitest';
import { createContentLoader } from '../../../src/content/loader.ts';
import type { SiteSettings } from '../../../src/content/types.ts';
import { createSiteSettingsSource, readSiteSettings } from './site-settings.ts';

const seeded = await readSiteSettings(createContentLoader());

/** A content loader that answers from a list, counting the reads. */
function loaderOf(answers: (SiteSettings | null | Error)[]) {
  const loader = {
    reads: 0,
    fetch: <T>() => {
      const answer = answers[Math.min(loader.reads++, answers.length - 1)];
      return (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)) as Promise<T>;
    },
  };
  return loader;
}

describe('the site settings of the app context', () => {
  it('are read once in 5 minutes, and again after', async () => {
    const renamed = { ...seeded, serviceName: 'Musio Next' };
    const loader = loaderOf([seeded, renamed]);
    const source = createSiteSettingsSource(loader);
    const first = await source.get(0);
    expect(await source.get(5 * 60_000)).toBe(first);
    expect(loader.reads).toBe(1);
    expect((await source.get(5 * 60_000 + 1)).serviceName).toBe('Musio Next');
    expect(loader.reads).toBe(2);
  });

  it('keep no failed read: the next call reads again', async () => {
    const loader = loaderOf([new Error('content source down'), seeded]);
    const source = createSiteSettingsSource(loader);
    await expect(source.get(0)).rejects.toThrow('content source down');
    expect(await source.get(1)).toBe(seeded);
    expect(loader.reads).toBe(2);
  });

  it('refuse a content source without settings', async () => {
    await expect(createSiteSettingsSource(loaderOf([null])).get(0)).rejects.toThrow('siteSettings missing');
  });
});
