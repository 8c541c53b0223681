import { setFlagsFromString } from 'node:v8';

/*
 * V8 settings the service runs with, each set from code where it matters (so every way of starting
 * a process gets it, the tests and benchmarks included) and each measured: docs/decisions/0052 and
 * 0053. Setting a flag twice is harmless.
 */

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
export function letPostgresConstructorsOptimise(): void {
  setFlagsFromString('--no-omit-default-ctors');
}

/**
 * A request-serving process keeps V8 from allocating straight into the old generation
 * (docs/decisions/0053). V8's allocation-site pretenuring moves a site's allocations to the old
 * generation once most of its objects have survived scavenges. Under load, our server's request
 * objects ended there: 0.23 MB promoted every scavenge (one every 100 ms) and a mark-compact of
 * about 100 ms every few seconds, though nothing of a request outlives it; with pretenuring off,
 * 0.01 MB a scavenge and no mark-compact. Called by startServer before anything is served; the
 * flag is read at every collection.
 */
export function keepRequestObjectsYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
