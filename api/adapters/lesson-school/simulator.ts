import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localSchoolAccounts } from '../../db/schema/index.ts';
import type { LessonAccount, LessonAccountStatus, LessonSchool } from './types.ts';

/** The lesson school, simulated for development and tests: its pages live under /dev/lesson-school. */
export class SimulatedLessonSchool implements LessonSchool {
  readonly kind = 'simulator' as const;
  readonly #db: Database;
  readonly #origin: string;

  constructor(options: { db: Database; origin: string }) {
    this.#db = options.db;
    this.#origin = options.origin;
  }

  async createAccount(input: { orderId: string; email: string; name: string }): Promise<LessonAccount> {
    const [created] = await this.#db
      .insert(localSchoolAccounts)
      .values({ id: `KM${randomInt(10_000_000, 99_999_999)}`, orderId: input.orderId, email: input.email, name: input.name, loginToken: randomBytes(16).toString('hex') })
      .onConflictDoNothing({ target: localSchoolAccounts.orderId })
      .returning();
    const account = created ?? (await this.#db.select().from(localSchoolAccounts).where(eq(localSchoolAccounts.orderId, input.orderId)))[0]!;
    return { accountId: account.id, firstLoginUrl: `${this.#origin}/dev/lesson-school/first-login?token=${account.loginToken}` };
  }

  async setAccountStatus(accountId: string, status: LessonAccountStatus): Promise<void> {
    const [account] = await this.#db.update(localSchoolAccounts).set({ status }).where(eq(localSchoolAccounts.id, accountId)).returning({ id: localSchoolAccounts.id });
    if (!account) throw new Error('lesson school simulator: unknown account');
  }

  async singleSignOnUrl(accountId: string): Promise<string> {
    const [account] = await this.#db.select().from(localSchoolAccounts).where(eq(localSchoolAccounts.id, accountId));
    if (!account) throw new Error('lesson school simulator: unknown account');
    return `${this.#origin}/dev/lesson-school/sso?token=${account.loginToken}`;
  }
}
