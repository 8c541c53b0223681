import { sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client.ts';

export interface SeedMember {
  email: string;
  createdAt: Date;
  isTest?: boolean;
  eventMail?: boolean;
  role?: 'member' | 'staff' | 'admin';
  /** Plans with their completed orders; `completedAt` defaults to the sign-up time. */
  plans?: { kind: 'normal' | 'esatj'; productId: string; status?: string; completedAt?: Date }[];
}

/** A member with the given sign-up time, consent, and plans (completed order + subscription each). */
export async function seedMember(db: Database, member: SeedMember): Promise<string> {
  const rows = await db.execute<{ id: string }>(sql`
    insert into accounts (email, password_hash, first_name, last_name, birthday, role, is_test, event_mail, created_at, updated_at)
    values (${member.email}, 'not-a-hash', '花子', '山田', '199001', ${member.role ?? 'member'}, ${member.isTest ?? false}, ${member.eventMail ?? true}, ${member.createdAt.toISOString()}::timestamptz, now())
    returning id`);
  const id = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: string }[] }).rows)[0]!.id;
  for (const [index, plan] of (member.plans ?? []).entries()) {
    const completedAt = (plan.completedAt ?? member.createdAt).toISOString();
    await db.execute(sql`
      with o as (
        insert into orders (account_id, kind, status, idempotency_key, product_id, option_id, contract_month, plan_name, package_type, monthly_price, total_price, completed_at)
        values (${id}, ${plan.kind}, 'completed', ${`seed-${id}-${index}`}, ${plan.productId}, 'ME_Plan_1', 1, 'プラン', 'original', 4620, 4620, ${completedAt}::timestamptz)
        returning id)
      insert into subscriptions (account_id, order_id, kind, status, product_id, option_id, plan_name, package_type, contract_month, monthly_price, period_price)
      select ${id}, o.id, ${plan.kind}, ${plan.status ?? 'active'}, ${plan.productId}, 'ME_Plan_1', 'プラン', 'original', 1, 4620, 4620 from o`);
  }
  return id;
}
