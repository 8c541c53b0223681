/** Business and interface constants from the specification (section 9 of both documents). */
export const SNACKBAR_MS = 2000;
export const REDIRECT_AFTER_REGISTRATION_MS = 5000;
export const TRIAL_DAYS = 7;
export const LESSON_MINUTES = 25;
export const TAX_RATE = 0.1;
export const BREAKPOINTS = { planChooser: 560, drawer: 600, medium: 700, tablet: 768, wide: 780 } as const;
