import { BREAKPOINTS } from '../../domain/constants.ts';

/**
 * The survey iframe's size by the window width (spec §2): the full width of a phone less the
 * page's margins; up to 640 px wide on larger screens, where the form needs less height.
 */
export function surveyFrameSize(windowWidth: number): { width: number; height: number } {
  const width = Math.max(280, Math.min(640, windowWidth - 32));
  return { width, height: windowWidth < BREAKPOINTS.drawer ? 1400 : 1000 };
}
