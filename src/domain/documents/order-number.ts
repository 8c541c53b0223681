/**
 * Order numbers people read out on the phone: the stored sequence and a Luhn check digit after a
 * hyphen (`100001-8`), so a digit misheard or two swapped is caught when staff type it in.
 */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 100001 → `100001-8` */
export function formatOrderNumber(sequence: number): string {
  const digits = String(sequence);
  return `${digits}-${luhnDigit(digits)}`;
}

/** The sequence of a typed order number (hyphen and spaces optional), or undefined when the check digit is wrong. */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^(\d{1,15})[-\s]?(\d)$/.exec(text.trim().replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)));
  if (!match) return undefined;
  return luhnDigit(match[1]!) === Number(match[2]) ? Number(match[1]) : undefined;
}
