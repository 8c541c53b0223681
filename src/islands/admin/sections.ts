import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { can, type ConsoleRole, type Permission } from '../../domain/admin/permissions.ts';
import type { PlainKey } from '../../i18n/ja.ts';
import { memberListRead, memberRead } from './sections/members/reads.ts';

/**
 * The admin console's sections, in sidebar order (spec §2: SendMail, SettingStep, announcements,
 * Add Account; then the console's own). `session` is the path part: /admin/{session}. An unknown
 * session shows the first section (product decision 10).
 *
 * To plug a section in: write `sections/<Name>Section.tsx` with a default export taking
 * AdminSectionProps, and point its entry's `sectionChunk(() => import(…))` at it (or add an entry,
 * with a label under `admin.nav.` in src/i18n/ja/admin.ts). Each section is loaded only when opened
 * (the addressed one as soon as the console starts, while the role is read).
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
  /**
   * The API path the section reads first at this address (path parts after the session and the
   * query), if any: the console starts that read with the section's chunk, through the same
   * fetcher key the section then reads (use-admin-data.ts), so the section's data does not wait
   * for its script (issue 27). Asked only of a role that may open the section.
   */
  initialRead?: (rest: string[], search: string) => string | null;
  /** Fetches the section's chunk (the same promise `component` waits for once it renders). */
  load: () => Promise<SectionModule>;
  component: LazyExoticComponent<ComponentType<AdminSectionProps>>;
}

interface SectionModule {
  default: ComponentType<AdminSectionProps>;
}

/** A section's chunk: `load` starts fetching it (the console asks for the opened one at once), `component` renders it. */
function sectionChunk(load: () => Promise<SectionModule>): Pick<AdminSection, 'load' | 'component'> {
  return { load, component: lazy(load) };
}

export const adminSections = [
  { session: 'sendMail', label: 'admin.nav.sendMail', permission: 'mail.mass', ...sectionChunk(() => import('./sections/mail/SendMailSection.tsx')) },
  { session: 'settingStep', label: 'admin.nav.settingStep', permission: 'mail.step', ...sectionChunk(() => import('./sections/mail/SettingStepSection.tsx')) },
  { session: 'notification', label: 'admin.nav.notification', permission: 'announcements.manage', ...sectionChunk(() => import('./sections/announcements/AnnouncementsSection.tsx')) },
  { session: 'addAccount', label: 'admin.nav.addAccount', permission: 'members.write', ...sectionChunk(() => import('./sections/AddAccountSection.tsx')) },
  {
    session: 'members',
    label: 'admin.nav.members',
    permission: 'members.read',
    initialRead: ([id], search) => (id ? memberRead(id) : memberListRead(search)),
    ...sectionChunk(() => import('./sections/members/MembersSection.tsx')),
  },
  { session: 'support', label: 'admin.nav.support', permission: 'support.desk', ...sectionChunk(() => import('./sections/support/SupportSection.tsx')) },
  { session: 'dashboard', label: 'admin.nav.dashboard', permission: 'metrics.read', ...sectionChunk(() => import('./sections/dashboard/DashboardSection.tsx')) },
  { session: 'suppressions', label: 'admin.nav.suppressions', permission: 'suppressions.manage', ...sectionChunk(() => import('./sections/suppressions/SuppressionsSection.tsx')) },
  { session: 'staff', label: 'admin.nav.staff', permission: 'staff.manage', ...sectionChunk(() => import('./sections/staff/StaffSection.tsx')) },
  { session: 'audit', label: 'admin.nav.audit', permission: 'audit.read', ...sectionChunk(() => import('./sections/audit/AuditSection.tsx')) },
  { session: 'security', label: 'admin.nav.security', permission: 'security.self', ...sectionChunk(() => import('./sections/security/SecuritySection.tsx')) },
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
