import { isSpecifiedContinuousService } from '../../../../src/domain/billing/cancellation.ts';
import { tokyoToday } from '../../../../src/domain/billing/dates.ts';
import { formatOrderNumber } from '../../../../src/domain/documents/order-number.ts';
import { formatDate } from '../../../../src/domain/format-date.ts';
import { formatPrice } from '../../../../src/domain/plans/pricing.ts';
import { coolingOffLastDay } from '../../../../src/domain/plans/specified-service.ts';
import type { SiteSettings } from '../../../../src/content/types.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { PdfWriter } from '../../documents/pdf-layout.ts';
import { queueMail } from '../../mail/outbox.ts';
import { greeting, renderMail, senderAddress } from '../../mail/templates/layout.ts';
import { markContractDocumentSent } from './queries.ts';

/**
 * The 特定継続的役務提供 paperwork (product decision 30): the 概要書面 before the order (shown on the
 * order screen and downloadable) and the 契約書面 mailed as a PDF after it, from one set of rows.
 */
export interface ContractPlan {
  planName: string;
  contractMonth: number;
  totalPrice: number;
}

/** The rows of the 概要書面 (the 契約書面 adds the order's own rows in front). */
export function overviewRows(settings: Pick<SiteSettings, 'companyName' | 'postalCode' | 'companyAddress' | 'phone'>, plan: ContractPlan): [string, string][] {
  return [
    [t('specifiedService.row.provider'), `${settings.companyName}（${senderAddress(settings)} TEL ${settings.phone}）`],
    [t('specifiedService.row.service'), tf('specifiedService.row.serviceValue', { plan: plan.planName })],
    [t('specifiedService.row.period'), tf('specifiedService.row.periodValue', { months: String(plan.contractMonth) })],
    [t('specifiedService.row.price'), formatPrice(plan.totalPrice)],
    [t('specifiedService.row.payment'), t('specifiedService.row.paymentValue')],
    [t('specifiedService.row.coolingOff'), t('specifiedService.row.coolingOffValue')],
    [t('specifiedService.row.midTerm'), t('specifiedService.row.midTermValue')],
  ];
}

/** A titled table of rows as a PDF (A4, Japanese font embedded). */
export async function renderRowsPdf(title: string, lead: string | null, rows: [string, string][]): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(title, [title, lead ?? '', ...rows.flat()]);
  pdf.text(title, { size: 18, align: 'center', gapAfter: 12 });
  if (lead) pdf.text(lead, { size: 10.5, gapAfter: 12 });
  pdf.rule(12);
  for (const [label, value] of rows) {
    pdf.row(label, value, { labelWidth: 120 });
    pdf.space(4);
  }
  return pdf.save();
}

interface ContractOrder extends ContractPlan {
  id: string;
  number: number;
  contractMonth: number;
}

/**
 * After an order of a 特定継続的役務提供 plan: the 契約書面 PDF is stored, then mailed (in the
 * transaction that completes the order) and its day recorded, which starts the 8 days of cooling-off.
 * Nothing for other plans.
 */
export async function prepareContractDocument(ctx: AppContext, settings: SiteSettings, order: ContractOrder, member: { lastName: string; firstName: string }): Promise<string | undefined> {
  if (!isSpecifiedContinuousService(order.contractMonth, order.totalPrice)) return undefined;
  const number = formatOrderNumber(order.number);
  const rows: [string, string][] = [
    [t('specifiedService.row.orderNumber'), number],
    [t('specifiedService.row.contractedOn'), formatDate(tokyoToday(ctx.clock.now()))],
    [t('specifiedService.row.member'), greeting(member)],
    ...overviewRows(settings, order),
  ];
  const bytes = await renderRowsPdf(t('specifiedService.contract.title'), null, rows);
  const key = `contract-documents/${order.id}.pdf`;
  await ctx.storage.put(key, bytes, 'application/pdf');
  return key;
}

export async function mailContractDocument(
  ctx: AppContext,
  tx: Database,
  input: { key: string; order: ContractOrder; subscriptionId: string; member: { email: string; lastName: string; firstName: string }; settings: SiteSettings },
): Promise<void> {
  const today = tokyoToday(ctx.clock.now());
  const number = formatOrderNumber(input.order.number);
  const body = tf('specifiedService.mail.body', { plan: input.order.planName, order: number, date: formatDate(coolingOffLastDay(today)) });
  await queueMail(
    ctx,
    {
      template: 'contract-document',
      to: input.member.email,
      content: renderMail(input.settings, {
        subject: tf('specifiedService.mail.subject', { plan: input.order.planName }),
        greeting: greeting(input.member),
        blocks: [{ kind: 'p', text: body }],
      }),
      dedupeKey: `contract-document:${input.order.id}`,
      attachments: [{ key: input.key, filename: tf('specifiedService.mail.attachment', { order: number }), contentType: 'application/pdf' }],
    },
    tx,
  );
  await markContractDocumentSent(tx, input.subscriptionId, today);
}
