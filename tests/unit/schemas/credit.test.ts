import { describe, expect, it } from 'vitest';
import { aprFor, creditMismatches, monthlyInstalmentFor } from '../../../cli/schemas/credit.ts';

const zeroRate = {
  cashPrice: 2160,
  downPayment: 0,
  termMonths: 24,
  monthlyInstalment: 90,
  borrowingRate: 0,
  apr: 0,
  fees: 0,
  totalAmountPayable: 2160,
};

describe('credit arithmetic of the representative example', () => {
  it('repays a loan in equal instalments, and finds the APR a lender would publish', () => {
    // 2,000 € over 24 months at a 7.95% borrowing rate: 90.41 € a month, APR 8.25%.
    const instalment = monthlyInstalmentFor(2000, 24, 7.95);
    expect(instalment).toBeCloseTo(90.41, 2);
    expect(aprFor(2000, 0, 24, instalment)).toBeCloseTo(8.25, 2);
    // An opening fee raises the APR above the borrowing rate.
    expect(aprFor(2000, 50, 24, instalment)).toBeGreaterThan(10);
    expect(aprFor(2160, 0, 24, 90)).toBe(0);
  });

  it('accepts figures that add up and names each one that does not', () => {
    expect(creditMismatches(zeroRate)).toEqual([]);
    const wrong = creditMismatches({ ...zeroRate, borrowingRate: 5, totalAmountPayable: 2000 });
    expect(wrong.map(([field]) => field)).toEqual(['monthlyInstalment', 'totalAmountPayable']);
    expect(wrong[0]![1]).toBe('is 90 €, but 2160 € over 24 months at 5% is 94.76 €');
    expect(creditMismatches({ ...zeroRate, apr: 3 })).toEqual([
      ['apr', 'is 3%, but these figures give an APR (TAE) of 0.00%'],
    ]);
    expect(creditMismatches({ ...zeroRate, downPayment: 2160 })).toEqual([
      ['downPayment', 'must be less than the cash price'],
    ]);
  });
});
