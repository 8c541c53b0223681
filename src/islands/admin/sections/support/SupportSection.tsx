import { useMemo } from 'react';
import { createSupportInboxClient } from '../../support/inbox-client.ts';
import { SupportInbox } from '../../support/SupportInbox.tsx';

/**
 * The admin console's support section (/admin/support): the inbox over the site's API client.
 * The console shell renders it as a section (sections.ts: `lazy(() => import('./sections/support/SupportSection.tsx'))`).
 */
export default function SupportSection() {
  const client = useMemo(() => createSupportInboxClient(), []);
  return <SupportInbox client={client} />;
}
