import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSeedDataset } from '../content/loader.ts';
import { categoryOfOption, planOptionLabel } from './plan-labels.ts';

describe('planOptionLabel: a plan named by its option id, as a price tile shows it', () => {
  it.each([
    ['ME_Plan_1', 'ベーシックプラン 1か月契約', 'otona'],
    ['ME_Plan_3', 'ベーシックプラン 12か月契約', 'otona'],
    ['ME_Plan_3_1', 'キッズプラン 12か月契約', 'kodomo'],
    ['ME_Plan_3_2_3', 'ファミリープラン 12か月契約', 'kodomo'],
    // One lesson count of one course: the tiles of /adult each name theirs.
    ['adult_hawaii_4', 'おとなプラン Edge Hawaii 月4回', 'otona'],
    ['adult_business_60', 'おとなプラン Edge Business 月60回', 'otona'],
    ['ESAT-J_Plan_2', 'ESAT-J スタンダード 3か月契約', 'esatj'],
    ['ESAT-J_Plan_6', 'ESAT-J タブレットレンタル 12か月契約', 'esatj'],
  ])('%s: 「%s」 in %s', (optionId, label, category) => {
    expect(planOptionLabel(optionId)).toBe(label);
    expect(categoryOfOption(optionId)).toBe(category);
  });

  it('no two tiles of a price overview in the content read the same', async () => {
    const documents = await readSeedDataset(path.resolve(import.meta.dirname, '../../studio/seed/production.ndjson'));
    const overviews = documents.flatMap((document) => ((document as { sections?: { _type: string; planOptionIds?: string[] }[] }).sections ?? []).filter((section) => section._type === 'priceOverview'));
    expect(overviews.length).toBeGreaterThan(0);
    for (const overview of overviews) {
      const labels = overview.planOptionIds!.map(planOptionLabel);
      expect(new Set(labels).size, labels.join(' / ')).toBe(labels.length);
    }
  });
});
