/** Business and interface constants from the specification (section 9 of both documents). */
export const SNACKBAR_MS = 2000;
export const REDIRECT_AFTER_REGISTRATION_MS = 5000;
export const TRIAL_DAYS = 7;
export const LESSON_MINUTES = 25;
export const TAX_RATE = 0.1;
export const BREAKPOINTS = { planChooser: 560, drawer: 600, medium: 700, tablet: 768, wide: 780 } as const;
/** Round-trip shipping charged on cancellation, also within the trial (tax included). */
export const CANCELLATION_SHIPPING_FEE = 2600;
/** The ESAT-J tablet (9th-generation tablet and 1st-generation pencil) if cancelled in the trial. */
export const TABLET_TRIAL_CANCELLATION_FEE = 11_583;
/** Long plans refund 70% of the remaining months if cancelled early enough (spec §9). */
export const REFUND_RATE = 0.7;
/** The rented device must be back within this many days of the end, else the buyout is charged. */
export const DEVICE_RETURN_DAYS = 7;
/**
 * Buyout prices when a device is not returned (tax included). The spec gives none: these are the
 * project's figures (docs/decisions/0016); the robot costs half after a year of use (spec §9).
 */
export const ROBOT_BUYOUT_PRICE = 76_780;
export const TABLET_BUYOUT_PRICE = 64_680;
/**
 * 特定継続的役務提供 (Act on Specified Commercial Transactions, foreign-language classes): a contract
 * over 2 months and over 50,000 yen may keep at most the service delivered plus the lower of
 * 50,000 yen or 20% of the remainder (product decision 16).
 */
export const STATUTORY_MIN_MONTHS = 2;
export const STATUTORY_MIN_AMOUNT = 50_000;
export const STATUTORY_MAX_PENALTY = 50_000;
export const STATUTORY_PENALTY_RATE = 0.2;
