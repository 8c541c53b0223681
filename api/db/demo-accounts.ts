/**
 * The demo accounts `npm start` creates on the embedded defaults (never in production). Their
 * passwords are public on purpose: they are printed in the README.
 */
export const DEMO_ADMIN = { email: 'admin@musio-english.example', password: 'musioadmin2026', firstName: '管理', lastName: '運営', birthday: '198504' };
/** One console account of each other role (product decision 32), to try what each may see. */
export const DEMO_STAFF = [
  { consoleRole: 'support', email: 'support@musio-english.example', password: 'musiosupport2026', firstName: 'サポート', lastName: '窓口', birthday: '199002' },
  { consoleRole: 'billing', email: 'billing@musio-english.example', password: 'musiobilling2026', firstName: '経理', lastName: '請求', birthday: '198707' },
  { consoleRole: 'marketing', email: 'marketing@musio-english.example', password: 'musiomarketing2026', firstName: '広報', lastName: '販促', birthday: '199211' },
] as const;
export const DEMO_MEMBER = {
  email: 'member@musio-english.example',
  password: 'musio2026',
  firstName: '花子',
  lastName: '山田',
  birthday: '198809',
  romanized: { romanizedLastName: 'Yamada', romanizedFirstName: 'Hanako' },
};
