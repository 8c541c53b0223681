import type { H3 } from 'h3';
import type { AppContext } from '../../context.ts';
export function registerStepMailRoutes(_app: H3, _ctx: AppContext): void {}
