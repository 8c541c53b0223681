import type { Category } from '../plans/types.ts';
import type { PlanKind } from '../plans/availability.ts';

/**
 * My Page's side menu (member-area spec §2), as data: the common group, the kids/adult group and
 * the ESAT-J group, each shown by the plans the member holds, then the external links. The
 * "registration" item of a group adds the other kind of plan (product decision 23) and is inactive
 * while the member already holds one of that kind. A member known to hold no plan any more (every
 * plan ended: the spec is silent) gets the order group instead, both kinds, with the saved address
 * and card, so a returning member can order again from My Page.
 */
export type MenuGroupId = 'common' | 'order' | 'main' | 'esatj' | 'links';

/** Every item the menu can show (their labels are `mypage.item.<id>`). */
export const MENU_ITEM_IDS = [
  'userInfoEdit',
  'changePassword',
  'shippingAddress',
  'paymentCard',
  'billingHistory',
  'referral',
  'switchPlan',
  'cancellation',
  'registrationMej',
  'mejUserInfo',
  'registrationMe',
  'cancellationMej',
  'lessonReservation',
  'manual',
  'faq',
  'announcements',
  'logout',
] as const;

export type MenuItemId = (typeof MENU_ITEM_IDS)[number];

export interface MenuItem {
  id: MenuItemId;
  /** A page of the site; absent for actions (lesson reservation, logout). */
  href?: string;
  /** Shown but not usable (the register button when that plan is already held). */
  inactive?: boolean;
  external?: boolean;
}

export interface MenuGroup {
  id: MenuGroupId;
  items: MenuItem[];
}

/** A live plan, as far as the menu cares. */
export interface HeldPlan {
  kind: PlanKind;
  category: Category;
}

/** The manual of the lesson school (the spec names the link, not its address). */
export const LESSON_MANUAL_URL = 'https://kimini.online/manual/';

/** My Page's two registration pages (product decision 23): a normal plan, an ESAT-J plan. */
const REGISTRATION_ME: MenuItem = { id: 'registrationMe', href: '/registration-me' };
const REGISTRATION_MEJ: MenuItem = { id: 'registrationMej', href: '/registration-mej' };

/** How a member without a live plan orders again: both registration pages. */
export const ORDER_AGAIN_ITEMS: readonly MenuItem[] = [REGISTRATION_ME, REGISTRATION_MEJ];

/** The menu for the plans a member holds (ended plans are not held); null while they are not known yet. */
export function memberMenu(plans: readonly HeldPlan[] | null): MenuGroup[] {
  const normal = plans?.find((plan) => plan.kind === 'normal');
  const esatj = plans?.find((plan) => plan.kind === 'esatj');
  const groups: MenuGroup[] = [
    {
      id: 'common',
      items: [
        { id: 'changePassword', href: '/change-password' },
        { id: 'shippingAddress', href: '/shipping-address' },
        { id: 'paymentCard', href: '/payment-card' },
        { id: 'billingHistory', href: '/billing-history' },
        { id: 'referral', href: '/referral' },
      ],
    },
  ];
  if (plans?.length === 0) groups.push({ id: 'order', items: [...ORDER_AGAIN_ITEMS] });
  if (normal) {
    const items: MenuItem[] = [
      { id: 'userInfoEdit', href: '/user-info-edit' },
      { ...REGISTRATION_MEJ, inactive: Boolean(esatj) },
      { id: 'switchPlan', href: '/switch-plan' },
      { id: 'cancellation', href: '/cancellation' },
    ];
    // The kids menu also reaches the lessons and their manual (spec §2).
    if (normal.category === 'kodomo') items.push({ id: 'lessonReservation' }, { id: 'manual', href: LESSON_MANUAL_URL, external: true });
    groups.push({ id: 'main', items });
  }
  if (esatj) {
    groups.push({
      id: 'esatj',
      items: [
        { id: 'mejUserInfo', href: '/mej-user-info' },
        { ...REGISTRATION_ME, inactive: Boolean(normal) },
        { id: 'cancellationMej', href: '/cancellation-mej' },
      ],
    });
  }
  const links: MenuItem[] = [{ id: 'faq', href: '/mypagere' }, { id: 'announcements', href: '/mypage#announcements' }];
  if (normal && normal.category !== 'kodomo') links.push({ id: 'lessonReservation' }, { id: 'manual', href: LESSON_MANUAL_URL, external: true });
  links.push({ id: 'logout' });
  groups.push({ id: 'links', items: links });
  return groups;
}

/** The menu item a path belongs to (for aria-current). */
export function isCurrentItem(item: MenuItem, path: string): boolean {
  if (!item.href || item.external || item.href.includes('#')) return false;
  return path.replace(/\/$/, '') === item.href;
}
