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
