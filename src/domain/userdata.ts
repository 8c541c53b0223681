import type { NextPaymentLine } from './billing/next-action.ts';

/**
 * GET /api/v2/userdata (api-contract.md): the member's most frequent read, shared by the handler
 * (api/features/orders/routes.ts) and My Page. At most two records: a normal plan and an ESAT-J plan.
 */
export interface UserdataRecord {
  plan: string;
  product_id: string;
  option: string;
  kind: 'normal' | 'esatj';
  status: string;
  last_name: string;
  first_name: string;
  email: string;
  /** The start of the next payment day in Japan, in unix seconds; null while none is known. */
  next_pay_at: number | null;
  /** Which case My Page's 「次回お支払日」 line shows (the domain rule nextPaymentLine). */
  next_payment: NextPaymentLine;
  kimini: { id: string } | null;
  stripe_id: string | null;
}

export interface UserdataReply {
  status: 'success';
  data: UserdataRecord[];
}
