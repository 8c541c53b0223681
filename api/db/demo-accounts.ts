/**
 * The demo accounts `npm start` creates on the embedded defaults (never in production). Their
 * passwords are public on purpose: they are printed in the README.
 */
export const DEMO_ADMIN = { email: 'admin@musio-english.example', password: 'musioadmin2026', firstName: '管理', lastName: '運営', birthday: '198504' };
export const DEMO_MEMBER = {
  email: 'member@musio-english.example',
  password: 'musio2026',
  firstName: '花子',
  lastName: '山田',
  birthday: '198809',
  romanized: { romanizedLastName: 'Yamada', romanizedFirstName: 'Hanako' },
};
