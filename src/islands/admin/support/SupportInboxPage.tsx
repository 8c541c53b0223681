import { t } from '../../../i18n/ja.ts';
import { useMemberSession } from '../../member/use-member-session.ts';
import SupportSection from '../sections/support/SupportSection.tsx';

/** /admin/support on its own page, until the admin console's shell hosts the inbox as a section. */
export default function SupportInboxPage() {
  // The server only serves this page to admins; this re-checks if the session ended meanwhile.
  const session = useMemberSession();
  if (!session) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  return <SupportSection />;
}
