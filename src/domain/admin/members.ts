import * as v from 'valibot';
import type { PlainKey } from '../../i18n/ja.ts';
import type { AuditRow } from './audit.ts';
import { pageParam } from './paging.ts';

import type { BillingHistoryItem, SubscriptionView } from '../billing/contract.ts';
import { subscriptionStatuses, type SubscriptionStatus } from '../billing/subscription-states.ts';

/**
 * The member list and a member's page in the admin console (api-contract, admin second wave).
 * Plan statuses are the subscription statuses (src/domain/billing) plus `noPlan`: no live plan.
 */
export const planStatuses = subscriptionStatuses;
export type PlanStatus = SubscriptionStatus;
export const memberStatusFilters = ['noPlan', ...planStatuses] as const;
export type MemberStatusFilter = (typeof memberStatusFilters)[number];

/** How the console and its exports name a plan status. */
export const memberStatusLabels: Record<MemberStatusFilter, PlainKey> = {
  noPlan: 'admin.planStatus.noPlan',
  awaitingShipment: 'admin.planStatus.awaitingShipment',
  trialing: 'admin.planStatus.trialing',
  active: 'admin.planStatus.active',
  retrying: 'admin.planStatus.retrying',
  pastDue: 'admin.planStatus.pastDue',
  cancelRequested: 'admin.planStatus.cancelRequested',
  ended: 'admin.planStatus.ended',
};

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
  /** Accepts event and advertising mail (product decision 19). */
  eventMail: boolean;
  consentHistory: { granted: boolean; source: string; at: string }[];
  address: { zip: string; prefecture: string; city: string; line: string; building: string | null; phone: string; name: string } | null;
  card: { brand: string; last4: string; exp: string } | null;
}

/** An order (the purchase record) as the member's page lists it. */
export interface MemberOrder {
  id: string;
  kind: 'normal' | 'esatj';
  status: 'pending' | 'completed' | 'failed' | 'cancelled' | 'expired';
  planName: string;
  optionId: string;
  contractMonth: number;
  monthlyPrice: number;
  totalPrice: number;
  booksPrice: number;
  lessonAccountId: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** A subscription as staff see it: the member's view plus what staff act on. */
export interface AdminSubscription extends SubscriptionView {
  lessonAccountId: string | null;
  /** A robot or a tablet was lent (it must come back). */
  hasDevice: boolean;
  deviceReturnedOn: string | null;
  createdAt: string;
}

export interface MemberMail {
  id: string;
  template: string;
  subject: string;
  status: 'queued' | 'sent' | 'kept' | 'failed' | 'held';
  createdAt: string;
  sentAt: string | null;
}

/** GET /api/v2/admin/members/{id}: data. Subscriptions and billing history join it with billing. */
export interface MemberDetail {
  profile: MemberProfile;
  subscriptions: AdminSubscription[];
  billing: BillingHistoryItem[];
  orders: MemberOrder[];
  /** Today in Japan by the service's clock (the default shipping and return day). */
  today: string;
  mails: MemberMail[];
  audit: AuditRow[];
}
