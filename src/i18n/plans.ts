import { catalogueOf } from './catalogue.ts';
import { plansLabels } from './ja/plans.ts';

/** The plan chooser's and plan pages' texts on their own (see ./catalogue.ts for why). */
export const { t, tf } = catalogueOf(plansLabels);
