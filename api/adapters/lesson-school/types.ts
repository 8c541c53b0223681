/** The partner lesson school (product decision 12): it creates lesson accounts and signs single sign-on links. */
export interface LessonAccount {
  accountId: string;
  firstLoginUrl: string;
}

export type LessonAccountStatus = 'active' | 'suspended' | 'closed';

export interface LessonSchool {
  kind: 'http' | 'simulator';
  /** Idempotent per order: asking again for the same order returns the same account. */
  createAccount(input: { orderId: string; email: string; name: string }): Promise<LessonAccount>;
  singleSignOnUrl(accountId: string): Promise<string>;
  /**
   * Lessons stop while a charge is unpaid after its retries (suspended), start again when it is paid
   * (active), and end with the subscription (closed). Idempotent: the same status twice is no change.
   */
  setAccountStatus(accountId: string, status: LessonAccountStatus): Promise<void>;
}
