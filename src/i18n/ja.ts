import { catalogueOf, type PlainKeyOf, type TemplateKeyOf } from './catalogue.ts';
import { accountsLabels } from './ja/accounts.ts';
import { billingLabels } from './ja/billing.ts';
import { documentsLabels } from './ja/documents.ts';
import { adminLabels } from './ja/admin.ts';
import { consoleLabels } from './ja/console.ts';
import { mailLabels } from './ja/mail.ts';
import { planChangesLabels } from './ja/plan-changes.ts';
import { mypageLabels } from './ja/mypage.ts';
import { plansLabels } from './ja/plans.ts';
import { registrationLabels } from './ja/registration.ts';
import { siteLabels } from './ja/site.ts';
import { supportLabels } from './ja/support.ts';
import { isMessageKey, messages, type MessageKey } from './messages.ts';

/**
 * The message catalogue, one file per area under ./ja/: every text a person reads in a snackbar,
 * an alert, next to a field or in a mail. Components and handlers never hold user-facing text
 * of their own: they carry a key. Where the specification gives the Japanese text it is used
 * verbatim (see ja.test.ts).
 */
export { isMessageKey, messages, type MessageKey };

/** Labels of the site's own interface (navigation, forms, buttons); marketing copy lives in Sanity. */
export const labels = {
  ...siteLabels,
  ...accountsLabels,
  ...plansLabels,
  ...registrationLabels,
  ...billingLabels,
  ...planChangesLabels,
  ...supportLabels,
  ...adminLabels,
  ...consoleLabels,
  ...mailLabels,
  ...mypageLabels,
  ...documentsLabels,
} as const;

export const ja = { ...messages, ...labels } as const;

export type LabelKey = keyof typeof labels;
export type TemplateKey = TemplateKeyOf<typeof ja>;
export type PlainKey = PlainKeyOf<typeof ja>;

export const { t, tf } = catalogueOf(ja);
