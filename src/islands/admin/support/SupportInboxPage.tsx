import { useMemo } from 'react';
import { t } from '../../../i18n/ja.ts';
import { useMemberSession } from '../../member/use-member-session.ts';
import { createSupportInboxClient } from './inbox-client.ts';
import { SupportInbox } from './SupportInbox.tsx';

/** /admin/support on its own page, until the admin console's shell hosts the inbox as a section. */
export default function SupportInboxPage() {
  const client = useMemo(() => createSupportInboxClient(), []);
  // The server only serves this page to admins; this re-checks if the session ended meanwhile.
  const session = useMemberSession();
  if (!session) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  return <SupportInbox client={client} />;
}
