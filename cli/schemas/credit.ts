/**
 * The arithmetic of a consumer-credit representative example (Ley 16/2011, art. 9 and annex I):
 * a fixed-rate loan repaid in equal monthly instalments. The validator uses it to refuse figures
 * that do not add up, since a wrong APR in an advertisement is itself a breach.
 */
export interface CreditExample {
  readonly cashPrice: number;
  readonly downPayment: number;
  readonly termMonths: number;
  readonly monthlyInstalment: number;
  /** Yearly borrowing rate (TIN), in %. */
  readonly borrowingRate: number;
  /** Annual percentage rate (TAE), in %. */
  readonly apr: number;
  /** Fees paid when the credit is opened, in €. */
  readonly fees: number;
  readonly totalAmountPayable: number;
}

/** The instalment that repays `amount` over `months` at a yearly borrowing rate (%) compounded monthly. */
export function monthlyInstalmentFor(amount: number, months: number, borrowingRate: number): number {
  const rate = borrowingRate / 100 / 12;
  if (rate === 0) return amount / months;
  return (amount * rate) / (1 - (1 + rate) ** -months);
}

/**
 * The APR (%) of receiving `amount - fees` and repaying `instalment` a month for `months`: the
 * yearly rate that makes both equal, found by bisection on the monthly rate.
 */
export function aprFor(amount: number, fees: number, months: number, instalment: number): number {
  const received = amount - fees;
  const presentValue = (monthly: number) =>
    monthly === 0 ? instalment * months : (instalment * (1 - (1 + monthly) ** -months)) / monthly;
  let low = 0;
  let high = 1;
  if (presentValue(0) <= received) return 0;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > received) low = middle;
    else high = middle;
  }
  return ((1 + low) ** 12 - 1) * 100;
}

/** What does not add up in an example, as [field, message] pairs; empty when it is consistent. */
export function creditMismatches(example: CreditExample): [keyof CreditExample, string][] {
  const problems: [keyof CreditExample, string][] = [];
  const credit = example.cashPrice - example.downPayment;
  if (credit <= 0) return [['downPayment', 'must be less than the cash price']];
  const instalment = monthlyInstalmentFor(credit, example.termMonths, example.borrowingRate);
  if (Math.abs(instalment - example.monthlyInstalment) > 0.01)
    problems.push([
      'monthlyInstalment',
      `is ${example.monthlyInstalment} €, but ${credit} € over ${example.termMonths} months at ${example.borrowingRate}% is ${instalment.toFixed(2)} €`,
    ]);
  const total = example.monthlyInstalment * example.termMonths + example.downPayment + example.fees;
  if (Math.abs(total - example.totalAmountPayable) > 0.05)
    problems.push([
      'totalAmountPayable',
      `is ${example.totalAmountPayable} €, but the instalments, down payment and fees add up to ${total.toFixed(2)} €`,
    ]);
  const apr = aprFor(credit, example.fees, example.termMonths, example.monthlyInstalment);
  if (Math.abs(apr - example.apr) > 0.01)
    problems.push(['apr', `is ${example.apr}%, but these figures give an APR (TAE) of ${apr.toFixed(2)}%`]);
  return problems;
}
