import * as v from 'valibot';

/**
 * A record id as it arrives in a path or a body: a UUID, compared in its canonical lower-case
 * form (PostgreSQL accepts upper case too, so a rule comparing strings could be passed around).
 */
export const entityId = v.pipe(v.string('badRequest'), v.trim(), v.toLowerCase(), v.uuid('badRequest'));

/** Route parameters that are a single id: `/…/:id`. */
export const idParams = v.object({ id: entityId });

/**
 * An id looked up where the contract answers 404, not 400, for a malformed one (the address
 * book, the dev mailbox): the same canonical form, and the service finds nothing for a non-UUID.
 */
export const lookupId = v.pipe(v.string('notFound'), v.trim(), v.toLowerCase(), v.maxLength(100, 'notFound'));
export const lookupIdParams = v.object({ id: lookupId });

/** Whether an id (already canonical) has the UUID shape a uuid column accepts. */
export function isCanonicalUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
}
