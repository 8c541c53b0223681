import type { ComponentType } from 'react';
import type { MemberDetail } from '../../../../domain/admin/members.ts';
import { adminPath } from '../../../../domain/admin/navigation.ts';
import { t } from '../../../../i18n/ja.ts';
import { AdminLink, LoadState, TestBadge } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';
import { memberRead } from './reads.ts';
import { MemberBillingSection, MemberSubscriptionsSection } from './member-billing.tsx';
import { MemberAuditSection, MemberMailsSection, MemberOrdersSection, MemberProfileSection } from './member-sections.tsx';

/** The parts of a member's page, in order: each a component taking { detail, reload }. */
export interface MemberPartProps {
  detail: MemberDetail;
  /** Loads the page again (after an action changed something). */
  reload: () => void;
}

const memberParts: ComponentType<MemberPartProps>[] = [
  MemberProfileSection,
  MemberSubscriptionsSection,
  MemberBillingSection,
  MemberOrdersSection,
  MemberMailsSection,
  MemberAuditSection,
];

export function MemberPage({ id }: { id: string }) {
  const member = useAdminData<MemberDetail>(memberRead(id));
  const profile = member.data?.profile;
  return (
    <div className="space-y-6">
      <p>
        <AdminLink href={adminPath('members')} className="text-sm font-bold text-brand-700 underline">
          {t('admin.members.back')}
        </AdminLink>
      </p>
      <LoadState loading={member.loading && !member.data} error={member.error}>
        {member.data && profile && (
          <div className="space-y-8">
            <h2 className="flex flex-wrap items-center gap-2 text-xl text-brand-800">
              {profile.lastName} {profile.firstName}
              {profile.isTest && <TestBadge />}
            </h2>
            {memberParts.map((Part, index) => (
              <Part key={index} detail={member.data!} reload={member.reload} />
            ))}
          </div>
        )}
      </LoadState>
    </div>
  );
}
