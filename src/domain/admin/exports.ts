import * as v from 'valibot';
import { memberSearchSchema } from './members.ts';

/**
 * CSV exports of the console's lists (product decision 33): members with the member list's filters;
 * charges and refunds by date (Japan time, inclusive) and status.
 */
export const exportKinds = ['members', 'charges', 'refunds'] as const;
export type ExportKind = (typeof exportKinds)[number];

const dateParam = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.isoDate('badRequest'))], 'badRequest'), '');

export const memberExportSchema = v.omit(memberSearchSchema, ['page']);
export type MemberExportFilter = v.InferOutput<typeof memberExportSchema>;

export const chargeExportSchema = v.object({
  from: dateParam,
  to: dateParam,
  status: v.optional(v.union([v.literal(''), v.picklist(['pending', 'processing', 'requiresAction', 'succeeded', 'failed', 'canceled'])], 'badRequest'), ''),
  kind: v.optional(v.union([v.literal(''), v.picklist(['books', 'period', 'switch', 'fee', 'buyout'])], 'badRequest'), ''),
});
export type ChargeExportFilter = v.InferOutput<typeof chargeExportSchema>;

export const refundExportSchema = v.object({
  from: dateParam,
  to: dateParam,
  status: v.optional(v.union([v.literal(''), v.picklist(['pending', 'succeeded', 'failed'])], 'badRequest'), ''),
});
export type RefundExportFilter = v.InferOutput<typeof refundExportSchema>;

/** The header rows, in Japanese, as an accountant reads them. */
export const exportHeaders: Record<ExportKind, readonly string[]> = {
  members: ['会員ID', 'メールアドレス', '姓', '名', 'プラン', '状態', '登録日時', 'テストアカウント'],
  charges: ['決済ID', '会員ID', 'メールアドレス', '種類', '内容', '金額（円・税込）', '状態', '対象期間開始', '作成日時', '成功日時'],
  refunds: ['返金ID', '決済ID', '会員ID', 'メールアドレス', '金額（円）', '理由', '状態', '作成日時', '成功日時'],
};

/** The file name a download is saved as: members-2026-11-26.csv */
export function exportFileName(kind: ExportKind, today: string): string {
  return `${kind}-${today}.csv`;
}
