import type { H3 } from 'h3';
import * as v from 'valibot';
import { FastResponse } from 'srvx';
import { totalPrice } from '../../../../src/domain/plans/pricing.ts';
import { isSpecifiedServicePlan } from '../../../../src/domain/plans/specified-service.ts';
import { t } from '../../../../src/i18n/ja.ts';
import type { SpecifiedServiceOverviewReply } from '../../../../src/domain/plans/specified-service.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { findPlanOption, priceItemOf } from '../../catalogue/service.ts';
import { documentNotFound } from '../../documents/not-found.ts';
import { overviewRows, renderRowsPdf } from './contract-document.ts';

const overviewQuery = v.object({
  productId: v.pipe(v.string(), v.maxLength(100)),
  optionId: v.pipe(v.string(), v.maxLength(100)),
  contract_month: v.picklist(['1', '3', '12']),
});

/** The 概要書面 of a 特定継続的役務提供 plan as a PDF, for anyone about to order it (product decision 30). */
export function registerCoolingOffRoutes(app: H3, ctx: AppContext): void {
  // The same rows as JSON, for the order screen to show before the order.
  app.get('/api/v2/specified-service/overview', async (event): Promise<SpecifiedServiceOverviewReply> => {
    const query = v.safeParse(overviewQuery, Object.fromEntries(event.url.searchParams));
    const plan = query.success ? await findPlanOption(ctx.database.db, query.output.productId, query.output.optionId, Number(query.output.contract_month)) : undefined;
    const item = plan && priceItemOf(plan.option);
    if (!plan || !item || !isSpecifiedServicePlan(item)) throw new AppError('notFound');
    const settings = await ctx.siteSettings.get();
    const rows = overviewRows(settings, { planName: plan.option.name, contractMonth: item.contract_month, totalPrice: totalPrice(item) });
    return { status: 'success', data: { title: t('specifiedService.overview.title'), lead: t('specifiedService.overview.lead'), rows: rows.map(([label, value]) => ({ label, value })) } };
  });

  app.get('/api/v2/specified-service/overview.pdf', async (event) => {
    const query = v.safeParse(overviewQuery, Object.fromEntries(event.url.searchParams));
    const plan = query.success ? await findPlanOption(ctx.database.db, query.output.productId, query.output.optionId, Number(query.output.contract_month)) : undefined;
    const item = plan && priceItemOf(plan.option);
    if (!plan || !item || !isSpecifiedServicePlan(item)) return documentNotFound(ctx, event);
    const settings = await ctx.siteSettings.get();
    const rows = overviewRows(settings, { planName: plan.option.name, contractMonth: item.contract_month, totalPrice: totalPrice(item) });
    const bytes = await renderRowsPdf(t('specifiedService.overview.title'), t('specifiedService.overview.lead'), rows);
    return new FastResponse(new Uint8Array(bytes), {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="overview-${item.id}.pdf"`, 'cache-control': 'public, max-age=300' },
    });
  });
}
