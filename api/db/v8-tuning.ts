import { setFlagsFromString } from 'node:v8';

/**
 * Lets V8 optimise postgres.js's hot constructors (docs/decisions/0052).
 *
 * postgres.js builds every query as `class Query extends Promise` and every result as `class Result
 * extends Array`, each with a `static get [Symbol.species]()`. On Node 22's V8, a derived class
 * declared with that getter never reaches TurboFan while `--omit-default-ctors` (on by default) is
 * on: every compilation of its constructor, and of every function that inlines it, is thrown away
 * ("dependency change") and started again, several times a second for as long as queries run. The
 * constructors stay in the slower tiers and the compiler threads burn CPU beside the requests. Off,
 * V8 calls default derived constructors instead of skipping them, which costs nothing measurable.
 *
 * The flag is read when a function's bytecode is generated, and class constructors are compiled on
 * first use: it must be set before the first query, which is why the client factory calls this.
 */
let tuned = false;

export function letPostgresConstructorsOptimise(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString('--no-omit-default-ctors');
}
