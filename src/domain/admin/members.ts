import * as v from 'valibot';
import type { AuditRow } from './audit.ts';
import { pageParam } from './paging.ts';

/**
 * The member list and a member's page in the admin console (api-contract, admin second wave).
 * Plan statuses are the subscription statuses of the contract plus `noPlan`. Until subscriptions
 * exist they are read from orders: a completed order not yet shipped awaits shipment, shipped
 * within the trial days it is trialing, later active; a cancelled order has ended.
 */
export const planStatuses = ['awaitingShipment', 'trialing', 'active', 'pastDue', 'cancelRequested', 'ended'] as const;
export type PlanStatus = (typeof planStatuses)[number];
export const memberStatusFilters = ['noPlan', ...planStatuses] as const;
export type MemberStatusFilter = (typeof memberStatusFilters)[number];

export const MEMBERS_PAGE_SIZE = 20;
export const MEMBER_QUERY_MAX = 100;

/** GET /api/v2/admin/members?q=&status=&page= */
export const memberSearchSchema = v.object({
  q: v.optional(v.pipe(v.string('badRequest'), v.trim(), v.maxLength(MEMBER_QUERY_MAX, 'tooLong')), ''),
  status: v.optional(v.union([v.literal(''), v.picklist(memberStatusFilters)], 'badRequest'), ''),
  page: pageParam,
});
export type MemberSearch = v.InferOutput<typeof memberSearchSchema>;

/** A name typed with or without the space between last and first name finds the same member. */
export function nameSearchText(q: string): string {
  return q.replace(/[\s\u3000]+/g, '');
}

export interface MemberPlan {
  kind: 'normal' | 'esatj';
  planName: string;
  status: PlanStatus;
}

export interface MemberRow {
  id: string;
  email: string;
  name: string;
  plans: MemberPlan[];
  /** The first plan's status, or noPlan. */
  status: MemberStatusFilter;
  createdAt: string;
  isTest: boolean;
  role: 'member' | 'staff' | 'admin';
}

export interface MemberProfile {
  id: string;
  email: string;
  lastName: string;
  firstName: string;
  /** YYYYMM */
  birthday: string;
  role: 'member' | 'staff' | 'admin';
  isTest: boolean;
  createdAt: string;
  signedUpAt: string | null;
  /** Accepts event and advertising mail (decision 19). */
  eventMail: boolean;
  consentHistory: { granted: boolean; source: string; at: string }[];
  address: { zip: string; prefecture: string; city: string; line: string; building: string | null; phone: string; name: string } | null;
  card: { brand: string; last4: string; exp: string } | null;
}

/** An order as the plans section shows it (until subscriptions take over). */
export interface MemberOrder {
  id: string;
  kind: 'normal' | 'esatj';
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
  planStatus: PlanStatus | null;
  planName: string;
  optionId: string;
  contractMonth: number;
  monthlyPrice: number;
  totalPrice: number;
  booksPrice: number;
  lessonAccountId: string | null;
  createdAt: string;
  completedAt: string | null;
  shippedAt: string | null;
}

export interface MemberMail {
  id: string;
  template: string;
  subject: string;
  status: 'queued' | 'sent' | 'kept' | 'failed';
  createdAt: string;
  sentAt: string | null;
}

/** GET /api/v2/admin/members/{id}: data. Subscriptions and billing history join it with billing. */
export interface MemberDetail {
  profile: MemberProfile;
  orders: MemberOrder[];
  mails: MemberMail[];
  audit: AuditRow[];
}
