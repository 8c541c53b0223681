/**
 * Where the admin console is: /admin and /admin/{session}[/…] (spec §2). The section comes from
 * the path; an unknown session falls back to the first section (product decision 10).
 */
export const ADMIN_BASE = '/admin';

export interface AdminRoute<S extends string> {
  /** The section to show. */
  session: S;
  /** Path parts after the session (/admin/members/{id} → [id]). */
  rest: string[];
  /** False when the path named no known section (the console then shows the first one). */
  isKnown: boolean;
}

/** The section a path names, from the console's ordered list of sessions (the first is the default). */
export function resolveAdminRoute<S extends string>(pathname: string, sessions: readonly [S, ...S[]]): AdminRoute<S> {
  const parts = pathname.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const first = sessions[0];
  if (parts[0] !== ADMIN_BASE.slice(1)) return { session: first, rest: [], isKnown: false };
  const name = parts[1];
  if (name === undefined) return { session: first, rest: [], isKnown: true };
  const session = sessions.find((candidate) => candidate === name);
  return session ? { session, rest: parts.slice(2).map(decodePart), isKnown: true } : { session: first, rest: [], isKnown: false };
}

/** /admin/{session}/{…rest}, each part encoded. */
export function adminPath(session: string, ...rest: string[]): string {
  return [ADMIN_BASE, session, ...rest].map((part, index) => (index === 0 ? part : encodeURIComponent(part))).join('/');
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
