/**
 * Accounts the e2e server creates before the browser tests run: one per journey and per project
 * (desktop, phone), so tests running in parallel never share one. All are "signed up".
 */
export const E2E_PASSWORD = 'eigo2026';
export const E2E_JOURNEYS = ['login-redirect', 'change-password', 'guard', 'reset', 'billing', 'mypage', 'member-fixes', 'keyboard'] as const;
export const E2E_PROJECTS = ['desktop', 'phone'] as const;

export function e2eMemberEmail(journey: (typeof E2E_JOURNEYS)[number], project: string): string {
  return `e2e.${journey}.${project}@example.jp`;
}

export function allE2eMemberEmails(): string[] {
  return E2E_JOURNEYS.flatMap((journey) => E2E_PROJECTS.map((project) => e2eMemberEmail(journey, project)));
}

/** Members for the announcement mail: one accepts event mail (product decision 19), one does not. */
export const E2E_EVENT_MAIL_MEMBERS = {
  consenting: 'e2e.event-mail.yes@example.jp',
  declining: 'e2e.event-mail.no@example.jp',
} as const;

/** Admins of their own, one per project, for journeys that change an admin (the second factor). */
export function e2eAdminEmail(project: string): string {
  return `e2e.admin-2fa.${project}@example.jp`;
}

export function allE2eAdminEmails(): string[] {
  return E2E_PROJECTS.map(e2eAdminEmail);
}
