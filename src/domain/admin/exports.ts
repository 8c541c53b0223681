import * as v from 'valibot';
import { t, type PlainKey } from '../../i18n/ja.ts';
import { memberSearchSchema, memberStatusLabels } from './members.ts';

/**
 * CSV exports of the console's lists (product decision 33): members with the member list's filters;
 * charges and refunds by date (Japan time, inclusive) and status.
 */
export const exportKinds = ['members', 'charges', 'refunds'] as const;
export type ExportKind = (typeof exportKinds)[number];

const chargeStatusCodes = ['pending', 'processing', 'requiresAction', 'succeeded', 'failed', 'canceled'] as const;
const chargeKindCodes = ['books', 'period', 'switch', 'fee', 'buyout'] as const;
const refundStatusCodes = ['pending', 'succeeded', 'failed'] as const;

const dateParam = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.isoDate('badRequest'))], 'badRequest'), '');

export const memberExportSchema = v.omit(memberSearchSchema, ['page']);
export type MemberExportFilter = v.InferOutput<typeof memberExportSchema>;

export const chargeExportSchema = v.object({
  from: dateParam,
  to: dateParam,
  status: v.optional(v.union([v.literal(''), v.picklist(chargeStatusCodes)], 'badRequest'), ''),
  kind: v.optional(v.union([v.literal(''), v.picklist(chargeKindCodes)], 'badRequest'), ''),
});
export type ChargeExportFilter = v.InferOutput<typeof chargeExportSchema>;

export const refundExportSchema = v.object({
  from: dateParam,
  to: dateParam,
  status: v.optional(v.union([v.literal(''), v.picklist(refundStatusCodes)], 'badRequest'), ''),
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

/**
 * The cells as staff read them in Excel: a state, a kind or a reason by its Japanese label (a code
 * the console does not know yet stays as it is), a yes/no in words, an instant in Japan time.
 */
const labelsOf = <Code extends string>(labels: Record<Code, PlainKey>) => (code: string) => (Object.hasOwn(labels, code) ? t(labels[code as Code]) : code);

export const memberStatusCell = labelsOf(memberStatusLabels);

export const chargeKindCell = labelsOf<(typeof chargeKindCodes)[number]>({
  books: 'billing.kind.books',
  period: 'billing.kind.period',
  switch: 'billing.kind.switch',
  fee: 'billing.kind.fee',
  buyout: 'billing.kind.buyout',
});

export const chargeStatusCell = labelsOf<(typeof chargeStatusCodes)[number]>({
  pending: 'admin.export.chargeStatus.pending',
  processing: 'admin.export.chargeStatus.processing',
  requiresAction: 'admin.export.chargeStatus.requiresAction',
  succeeded: 'admin.export.chargeStatus.succeeded',
  failed: 'admin.export.chargeStatus.failed',
  canceled: 'admin.export.chargeStatus.canceled',
});

export const refundStatusCell = labelsOf<(typeof refundStatusCodes)[number]>({
  pending: 'admin.export.refundStatus.pending',
  succeeded: 'admin.export.refundStatus.succeeded',
  failed: 'admin.export.refundStatus.failed',
});

export const refundReasonCell = labelsOf<'cancellation' | 'coolingOff' | 'chargedAfterEnd'>({
  cancellation: 'admin.export.refundReason.cancellation',
  coolingOff: 'admin.export.refundReason.coolingOff',
  chargedAfterEnd: 'admin.export.refundReason.chargedAfterEnd',
});

export const yesNoCell = (value: boolean) => t(value ? 'admin.export.yes' : 'admin.export.no');

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 「2026/11/22 14:05:09」 in Japan time (no daylight saving), which Excel reads as a date and time; empty when there is none. */
export function dateTimeCell(instant: Date | null | undefined): string {
  if (!instant) return '';
  const iso = new Date(instant.getTime() + JAPAN_OFFSET_MS).toISOString();
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
}
