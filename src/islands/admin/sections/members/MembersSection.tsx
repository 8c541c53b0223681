import type { AdminSectionProps } from '../../sections.ts';
import { MemberList } from './MemberList.tsx';
import { MemberPage } from './MemberPage.tsx';

/** Members: the searchable list at /admin/members, a member's page at /admin/members/{id}. */
export default function MembersSection({ rest, search }: AdminSectionProps) {
  const [id] = rest;
  return id ? <MemberPage id={id} /> : <MemberList search={search} />;
}
