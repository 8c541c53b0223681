import { lazy } from 'react';
import type { AdminSectionProps } from '../../sections.ts';
import { MemberList } from './MemberList.tsx';

// A member's page (billing, devices, history) is its own chunk: the list draws without it (issue 27).
const MemberPage = lazy(() => import('./MemberPage.tsx').then((module) => ({ default: module.MemberPage })));

/** Members: the searchable list at /admin/members, a member's page at /admin/members/{id}. */
export default function MembersSection({ rest, search }: AdminSectionProps) {
  const [id] = rest;
  return id ? <MemberPage id={id} /> : <MemberList search={search} />;
}
