/**
 * Money of an order in exact integer cents: a price is a decimal string ('1280.10'), and 3 × 1280.10 must be
 * 3840.30, never 3840.2999…; BigInt keeps it exact past any float (5,000 boxes × ten-digit prices).
 */

/** '1280.1' → 128010n; anything that is not a price (blank, letters, a third decimal) → null. */
export function centsOf(price: string | null | undefined): bigint | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec((price ?? '').trim());
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** 384030n → '3840.30'. */
export function yuanOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A line as the form holds it while typed: any part may still be missing. */
export interface TypedLine {
  quantity?: number | null;
  unit_price?: string | null;
}

/** What the lines come to: the boxes and the amount in 元 ('3840.30'); a line not yet priced counts nothing. */
export function orderTotals(lines: readonly (TypedLine | undefined)[] = []): { quantity: number; amount: string } {
  let quantity = 0;
  let cents = 0n;
  for (const line of lines) {
    const count = Number.isInteger(line?.quantity) ? (line!.quantity as number) : 0;
    quantity += count;
    cents += BigInt(count) * (centsOf(line?.unit_price) ?? 0n);
  }
  return { quantity, amount: yuanOf(cents) };
}
