import type { H3 } from 'h3';
import { t, tf } from '../../../src/i18n/ja.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import type { AppContext } from '../../context.ts';
import { SimulatedLessonSchool } from '../../adapters/lesson-school/simulator.ts';
import { AppError } from '../../lib/errors.ts';
import { requireSession } from '../auth/guard.ts';
import { findBookableLessonAccount } from '../billing/service.ts';

/** GET /api/v2/lesson-sso-link: a single sign-on link to the lesson school for the member's lessons. */
export function registerLessonSchoolRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/lesson-sso-link', async (event) => {
    const session = await requireSession(event, ctx);
    const lessons = await findBookableLessonAccount(ctx, session.accountId);
    if (!lessons) throw new AppError('notFound');
    if ('refused' in lessons) throw new AppError(lessons.refused);
    return { status: 'success', data: { url: await ctx.lessonSchool.singleSignOnUrl(lessons.accountId) } };
  });

  const simulator = ctx.lessonSchool;
  if (!(simulator instanceof SimulatedLessonSchool) || ctx.config.isProduction) return;
  // The simulator's own pages: where its first-login and sign-on links lead.
  const page = (heading: string, body: string) =>
    new Response(
      `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head><body><main><p>${escapeHtml(t('lessonSchool.title'))}</p><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p><p><small>${escapeHtml(t('lessonSchool.note'))}</small></p></main></body></html>`,
      { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
    );
  const lookUp = async (token: string | null) => {
    if (!token || !/^[0-9a-f]{32}$/.test(token)) return undefined;
    return simulator.findByLoginToken(token);
  };
  for (const [path, heading] of [
    ['/dev/lesson-school/first-login', t('lessonSchool.firstLogin')],
    ['/dev/lesson-school/sso', t('lessonSchool.signedIn')],
  ] as const) {
    app.get(path, async (event) => {
      const account = await lookUp(event.url.searchParams.get('token'));
      if (!account) return page(heading, t('lessonSchool.unknown'));
      if (account.status !== 'active') return page(heading, t(account.status === 'suspended' ? 'lessonSchool.suspended' : 'lessonSchool.closed'));
      return page(heading, tf('lessonSchool.welcome', { name: account.name, id: account.id }));
    });
  }
}
