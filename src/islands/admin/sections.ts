import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { can, type ConsoleRole, type Permission } from '../../domain/admin/permissions.ts';
import type { PlainKey } from '../../i18n/ja.ts';

/**
 * The admin console's sections, in sidebar order (spec §2: SendMail, SettingStep, announcements,
 * Add Account; then the console's own). `session` is the path part: /admin/{session}. An unknown
 * session shows the first section (product decision 10).
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
  /** What the section needs (product decision 32): the menu hides it from other roles. */
  permission: Permission;
  component: LazyExoticComponent<ComponentType<AdminSectionProps>>;
}

export const adminSections = [
  { session: 'sendMail', label: 'admin.nav.sendMail', permission: 'mail.mass', component: lazy(() => import('./sections/mail/SendMailSection.tsx')) },
  { session: 'settingStep', label: 'admin.nav.settingStep', permission: 'mail.step', component: lazy(() => import('./sections/mail/SettingStepSection.tsx')) },
  { session: 'notification', label: 'admin.nav.notification', permission: 'announcements.manage', component: lazy(() => import('./sections/announcements/AnnouncementsSection.tsx')) },
  { session: 'addAccount', label: 'admin.nav.addAccount', permission: 'members.write', component: lazy(() => import('./sections/AddAccountSection.tsx')) },
  { session: 'members', label: 'admin.nav.members', permission: 'members.read', component: lazy(() => import('./sections/members/MembersSection.tsx')) },
  { session: 'support', label: 'admin.nav.support', permission: 'support.desk', component: lazy(() => import('./sections/support/SupportSection.tsx')) },
  { session: 'dashboard', label: 'admin.nav.dashboard', permission: 'metrics.read', component: lazy(() => import('./sections/dashboard/DashboardSection.tsx')) },
  { session: 'suppressions', label: 'admin.nav.suppressions', permission: 'suppressions.manage', component: lazy(() => import('./sections/suppressions/SuppressionsSection.tsx')) },
  { session: 'staff', label: 'admin.nav.staff', permission: 'staff.manage', component: lazy(() => import('./sections/staff/StaffSection.tsx')) },
  { session: 'audit', label: 'admin.nav.audit', permission: 'audit.read', component: lazy(() => import('./sections/audit/AuditSection.tsx')) },
  { session: 'security', label: 'admin.nav.security', permission: 'security.self', component: lazy(() => import('./sections/security/SecuritySection.tsx')) },
] as const satisfies readonly AdminSection[];

export type AdminSessionName = (typeof adminSections)[number]['session'];

export const adminSessions = adminSections.map((section) => section.session) as [AdminSessionName, ...AdminSessionName[]];

export function sectionOf(session: AdminSessionName): AdminSection {
  return adminSections.find((section) => section.session === session)!;
}

/** The sections this role may open, in menu order (unknown role while loading: none but security). */
export function sectionsFor(role: ConsoleRole | null | undefined): AdminSection[] {
  return adminSections.filter((section) => can(role, section.permission));
}
