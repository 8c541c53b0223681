import { describe, expect, it } from 'vitest';
import { isCurrentItem, memberMenu, type HeldPlan } from './menu.ts';

const ids = (plans: HeldPlan[] | null) => memberMenu(plans).map((group) => [group.id, group.items.map((item) => (item.inactive ? `(${item.id})` : item.id))]);

describe('memberMenu', () => {
  it.each<[string, HeldPlan[] | null, unknown]>([
    ['plans not known yet: common and links only', null, [['common', ['changePassword', 'shippingAddress', 'paymentCard', 'billingHistory', 'referral']], ['links', ['faq', 'announcements', 'logout']]]],
    [
      'no plan any more (every plan ended): the order group, both kinds',
      [],
      [
        ['common', ['changePassword', 'shippingAddress', 'paymentCard', 'billingHistory', 'referral']],
        ['order', ['registrationMe', 'registrationMej']],
        ['links', ['faq', 'announcements', 'logout']],
      ],
    ],
    [
      'kids plan: the main group with lessons and manual',
      [{ kind: 'normal', category: 'kodomo' }],
      [
        ['common', ['changePassword', 'shippingAddress', 'paymentCard', 'billingHistory', 'referral']],
        ['main', ['userInfoEdit', 'registrationMej', 'switchPlan', 'cancellation', 'lessonReservation', 'manual']],
        ['links', ['faq', 'announcements', 'logout']],
      ],
    ],
    [
      'adult plan: lessons and manual among the external links',
      [{ kind: 'normal', category: 'otona' }],
      [
        ['common', ['changePassword', 'shippingAddress', 'paymentCard', 'billingHistory', 'referral']],
        ['main', ['userInfoEdit', 'registrationMej', 'switchPlan', 'cancellation']],
        ['links', ['faq', 'announcements', 'lessonReservation', 'manual', 'logout']],
      ],
    ],
    [
      'ESAT-J only: its group, the normal registration active',
      [{ kind: 'esatj', category: 'esatj' }],
      [
        ['common', ['changePassword', 'shippingAddress', 'paymentCard', 'billingHistory', 'referral']],
        ['esatj', ['mejUserInfo', 'registrationMe', 'cancellationMej']],
        ['links', ['faq', 'announcements', 'logout']],
      ],
    ],
    [
      'both plans: both groups, both registrations inactive',
      [
        { kind: 'normal', category: 'otona' },
        { kind: 'esatj', category: 'esatj' },
      ],
      [
        ['common', ['changePassword', 'shippingAddress', 'paymentCard', 'billingHistory', 'referral']],
        ['main', ['userInfoEdit', '(registrationMej)', 'switchPlan', 'cancellation']],
        ['esatj', ['mejUserInfo', '(registrationMe)', 'cancellationMej']],
        ['links', ['faq', 'announcements', 'lessonReservation', 'manual', 'logout']],
      ],
    ],
  ])('%s', (_name, plans, expected) => {
    expect(ids(plans)).toEqual(expected);
  });

  it('marks the current page, never an anchor or an external link', () => {
    expect(isCurrentItem({ id: 'paymentCard', href: '/payment-card' }, '/payment-card/')).toBe(true);
    expect(isCurrentItem({ id: 'announcements', href: '/mypage#announcements' }, '/mypage')).toBe(false);
    expect(isCurrentItem({ id: 'manual', href: 'https://x/', external: true }, '/')).toBe(false);
  });
});
