import { randomBytes, randomInt } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { findSchoolAccount, findSchoolAccountByToken, insertSchoolAccountOnce, setSchoolAccountStatus, type SchoolAccountRow } from './queries.ts';
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
    const loginToken = randomBytes(16).toString('hex');
    const account = await insertSchoolAccountOnce(this.#db, {
      id: `KM${randomInt(10_000_000, 99_999_999)}`,
      orderId: input.orderId,
      email: input.email,
      name: input.name,
      loginToken,
    });
    return { accountId: account.id, firstLoginUrl: `${this.#origin}/dev/lesson-school/first-login?token=${account.loginToken}` };
  }

  async setAccountStatus(accountId: string, status: LessonAccountStatus): Promise<void> {
    if (!(await setSchoolAccountStatus(this.#db, accountId, status))) throw new Error('lesson school simulator: unknown account');
  }

  async singleSignOnUrl(accountId: string): Promise<string> {
    const account = await findSchoolAccount(this.#db, accountId);
    if (!account) throw new Error('lesson school simulator: unknown account');
    return `${this.#origin}/dev/lesson-school/sso?token=${account.loginToken}`;
  }

  /** The account a first-login or sign-on link names (the simulator's own pages). */
  findByLoginToken(token: string): Promise<SchoolAccountRow | undefined> {
    return findSchoolAccountByToken(this.#db, token);
  }
}
