import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane). Each hash
 * takes about 10 ms and 19 MiB, so at most a few run at once: a burst of sign-ins waits in line
 * instead of exhausting memory.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const; // 2 = Argon2id
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limited(() => verify(passwordHash, password).catch(() => false));
}

// A real hash of a random password: checking against it when the email is unknown makes a failed
// sign-in take the same time whether or not the account exists.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await dummyHash, password);
  return false;
}
