import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { HttpLessonSchool } from './http.ts';
import { SimulatedLessonSchool } from './simulator.ts';
import type { LessonSchool } from './types.ts';

/** The partner's API when configured; the simulator otherwise, which refuses to run in production. */
export function createLessonSchool(config: AppConfig, db: Database): LessonSchool {
  if (config.lessonSchool.kind === 'http') return new HttpLessonSchool(config.lessonSchool);
  if (config.isProduction) throw new Error('The lesson-school simulator never runs in production: set LESSON_SCHOOL_URL');
  return new SimulatedLessonSchool({ db, origin: config.publicOrigin });
}

export type { LessonSchool } from './types.ts';
