import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { t } from '../../../../i18n/ja.ts';
import { CannedReplies } from '../../support/CannedReplies.tsx';
import { SupportInbox } from '../../support/SupportInbox.tsx';

const tabClass = '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-bold whitespace-nowrap text-muted data-hover:text-ink data-selected:border-brand-600 data-selected:text-brand-800';

/**
 * The admin console's support section (/admin/support): the inbox and the canned replies, read
 * through the fetcher layer like every section (use-admin-data.ts). The console shell renders it
 * as a section (sections.ts: `sectionChunk(() => import('./sections/support/SupportSection.tsx'))`).
 */
export default function SupportSection() {
  return (
    <TabGroup>
      <TabList aria-label={t('inbox.sections')} className="mb-4 flex gap-1 border-b border-brand-100">
        <Tab className={tabClass}>{t('inbox.tab.tickets')}</Tab>
        <Tab className={tabClass}>{t('inbox.tab.canned')}</Tab>
      </TabList>
      <TabPanels>
        <TabPanel>
          <SupportInbox />
        </TabPanel>
        <TabPanel>
          <CannedReplies />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
