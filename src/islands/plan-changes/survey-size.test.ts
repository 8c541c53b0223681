import { describe, expect, it } from 'vitest';
import { surveyFrameSize } from './survey-size.ts';

describe('the survey iframe by window width (spec §2)', () => {
  it.each([
    [320, { width: 288, height: 1400 }],
    [375, { width: 343, height: 1400 }],
    [599, { width: 567, height: 1400 }],
    [600, { width: 568, height: 1000 }],
    [1280, { width: 640, height: 1000 }],
    [200, { width: 280, height: 1400 }],
  ])('%i px wide → %o', (windowWidth, size) => {
    expect(surveyFrameSize(windowWidth)).toEqual(size);
  });
});
