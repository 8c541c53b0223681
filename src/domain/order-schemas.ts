import * as v from 'valibot';

/**
 * POST /api/v2/registration (api-contract.md), shared with the registration page. The browser
 * names the plan; every amount is then taken from the catalogue, and the prices it sends are only
 * checked, so a stale page never buys at an old price.
 */
/** A catalogue id as the plan chooser sends it (a product, an option): the order and the plan switch. */
export const catalogueIdSchema = v.pipe(v.string('badRequest'), v.nonEmpty('badRequest'), v.maxLength(100, 'badRequest'));

/** A price in yen the page showed: checked against the catalogue, never charged from. */
export const shownPriceSchema = v.pipe(v.number('badRequest'), v.integer('badRequest'), v.minValue(0, 'badRequest'));

/** Each textbook at most once: a copy would be charged again. */
const optionalBooks = v.optional(
  v.pipe(
    v.array(v.picklist(['newCrown', 'connect'], 'badRequest'), 'badRequest'),
    v.check((books) => new Set(books).size === books.length, 'duplicateTextbook'),
  ),
  [],
);

export const orderRequestSchema = v.object({
  productId: catalogueIdSchema,
  option: v.object({
    id: catalogueIdSchema,
    name: v.optional(v.string('badRequest')),
    price: shownPriceSchema,
    /** The optional textbooks chosen (NEW CROWN, Connect); none when empty. */
    textbook: optionalBooks,
    option_price: v.optional(shownPriceSchema, 0),
  }),
  contract_month: v.picklist([1, 3, 12], 'badRequest'),
  isESATJ: v.boolean('badRequest'),
  safety_plan: v.optional(v.boolean('badRequest'), false),
  /** 特定継続的役務提供 plans (product decision 30): consent to receive the documents electronically, required for them. */
  electronic_delivery_consent: v.optional(v.boolean('badRequest')),
  userIdentifier: v.optional(v.string()),
  /**
   * The browser makes one per attempt: a double click or a retry sends the same key (canonical
   * lower case). The same key with a different order is refused (409 idempotencyKeyReused).
   */
  idempotency_key: v.pipe(v.string('badRequest'), v.trim(), v.toLowerCase(), v.uuid('badRequest')),
  /** The intent the browser has just confirmed (3-D Secure), when re-posting. */
  payment_intent_id: v.optional(v.pipe(v.string('badRequest'), v.maxLength(200, 'badRequest'))),
});
export type OrderRequest = v.InferOutput<typeof orderRequestSchema>;

/** The reply of the order loop: either the card needs the customer, or the order is placed. */
export type OrderReply =
  | { status: 'success'; requires_action: true; client_secret: string; is_setup_intent: boolean; payment_method: string; payment_intent_id: string; order: { id: string } }
  | { status: 'success'; requires_action: false; order: { id: string }; kimini: { id: string; first_login_url: string } | null };
