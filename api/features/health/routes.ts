import type { H3 } from 'h3';
import type { AppContext } from '../../context.ts';

/** GET /api/health: whether the database answers, for load balancers and the start script. */
export function registerHealthRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/health', async (event) => {
    const database = await ctx.database.ping().then(
      (latencyMs) => ({ status: 'up' as const, kind: ctx.database.kind, latencyMs }),
      (error: unknown) => {
        ctx.logger.error('health check: database unreachable', { error });
        return { status: 'down' as const, kind: ctx.database.kind };
      },
    );
    const healthy = database.status === 'up';
    event.res.status = healthy ? 200 : 503;
    return { status: healthy ? 'ok' : 'error', database, jobs: { status: ctx.jobs ? 'up' : 'off' } };
  });
}
