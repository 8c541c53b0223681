import * as v from 'valibot';

/**
 * A record id as it arrives in a path or a body: a UUID, compared in its canonical lower-case
 * form (PostgreSQL accepts upper case too, so a rule comparing strings could be passed around).
 */
export const entityId = v.pipe(v.string('badRequest'), v.trim(), v.toLowerCase(), v.uuid('badRequest'));

/** Route parameters that are a single id: `/…/:id`. */
export const idParams = v.object({ id: entityId });
