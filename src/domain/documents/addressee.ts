import * as v from 'valibot';

/** The addressee (宛名) a member may set on a receipt: a person's or a company's name. */
export const ADDRESSEE_MAX = 100;

/** Control characters (C0, C1, line and paragraph separators, bidi controls) never belong in a name. */
const CONTROL = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Markup: tags and entities are refused rather than escaped, so the printed name is what was typed. */
const MARKUP = /[<>]|&[#a-z0-9]+;/i;

/** Why an addressee is refused (a message key), or undefined when it is fine. */
export function addresseeProblem(value: string): 'addresseeRequired' | 'addresseeTooLong' | 'addresseeInvalid' | undefined {
  if (CONTROL.test(value) || MARKUP.test(value)) return 'addresseeInvalid';
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'addresseeRequired';
  if ([...trimmed].length > ADDRESSEE_MAX) return 'addresseeTooLong';
  return undefined;
}

/** PUT /api/v2/receipts/{id}/addressee */
export const addresseeSchema = v.object({
  addressee: v.pipe(
    v.string('addresseeRequired'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const problem = addresseeProblem(dataset.value);
      if (problem) {
        addIssue({ message: problem });
        return NEVER;
      }
      return dataset.value.trim();
    }),
  ),
});

export interface AddresseeReply {
  status: 'success';
  data: { addressee: string };
}
