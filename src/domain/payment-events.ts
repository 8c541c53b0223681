import * as v from 'valibot';

/**
 * What the webhook reads of a signed payment event (Stripe's shape), checked after the signature:
 * a signed event is authentic, not necessarily complete. Without an id and a type the event
 * cannot be told apart and is refused (400); an event whose object lacks the fields we read is
 * acknowledged and ignored (200), as the gateway would otherwise retry it for days.
 */
const identifier = v.pipe(v.string(), v.minLength(1), v.maxLength(255));

export const paymentEventSchema = v.object({ id: identifier, type: identifier });

export const paymentEventObjectSchema = v.object({
  id: identifier,
  object: identifier,
  status: v.optional(v.string()),
  // Stripe's metadata values are strings; anything else did not come from us.
  metadata: v.optional(v.nullable(v.record(v.string(), v.pipe(v.string(), v.maxLength(500)))), {}),
});

export type PaymentEventObject = v.InferOutput<typeof paymentEventObjectSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from an event's metadata, only when it has the shape of our ids (a uuid), else undefined. */
export function metadataUuid(value: string | undefined): string | undefined {
  return value !== undefined && UUID.test(value) ? value : undefined;
}
