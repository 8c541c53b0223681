import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PlainKey } from '../../i18n/ja.ts';

/**
 * The admin console's sections, in sidebar order (spec §2: SendMail, SettingStep, announcements,
 * Add Account; then the console's own). `session` is the path part: /admin/{session}. An unknown
 * session shows the first section (decision 10).
 *
 * To plug a section in: write `sections/<Name>Section.tsx` with a default export taking
 * AdminSectionProps, and point its entry's `component` at it (or add an entry, with a label under
 * `admin.nav.` in src/i18n/ja/admin.ts). Each section is loaded only when opened.
 */
export interface AdminSectionProps {
  /** Path parts after the session: /admin/members/{id} → [id]. */
  rest: string[];
  /** The query string (with its "?"), for filters kept in the address. */
  search: string;
}

export interface AdminSection {
  session: string;
  label: PlainKey;
  component: LazyExoticComponent<ComponentType<AdminSectionProps>>;
}

export const adminSections = [
  { session: 'sendMail', label: 'admin.nav.sendMail', component: lazy(() => import('./sections/mail/SendMailSection.tsx')) },
  { session: 'settingStep', label: 'admin.nav.settingStep', component: lazy(() => import('./sections/mail/SettingStepSection.tsx')) },
  { session: 'notification', label: 'admin.nav.notification', component: lazy(() => import('./sections/announcements/AnnouncementsSection.tsx')) },
  { session: 'addAccount', label: 'admin.nav.addAccount', component: lazy(() => import('./sections/AddAccountSection.tsx')) },
  { session: 'members', label: 'admin.nav.members', component: lazy(() => import('./sections/members/MembersSection.tsx')) },
  { session: 'support', label: 'admin.nav.support', component: lazy(() => import('./sections/support/SupportSection.tsx')) },
  { session: 'audit', label: 'admin.nav.audit', component: lazy(() => import('./sections/audit/AuditSection.tsx')) },
  { session: 'security', label: 'admin.nav.security', component: lazy(() => import('./sections/security/SecuritySection.tsx')) },
] as const satisfies readonly AdminSection[];

export type AdminSessionName = (typeof adminSections)[number]['session'];

export const adminSessions = adminSections.map((section) => section.session) as [AdminSessionName, ...AdminSessionName[]];

export function sectionOf(session: AdminSessionName): AdminSection {
  return adminSections.find((section) => section.session === session)!;
}
