// Exact arithmetic for the money tools: every input number is taken at its decimal value (0.1 is
// one tenth, not the nearest double) and kept as a fraction of big integers, so sums, percentages
// and divisions are exact and rounding to cents happens once, at the end.

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

export class Rational {
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static of(num: bigint, den: bigint = 1n): Rational {
    if (den === 0n) throw new RangeError("division by zero");
    if (den < 0n) [num, den] = [-num, -den];
    const g = gcd(num, den) || 1n;
    return new Rational(num / g, den / g);
  }

  /** The decimal a finite double prints as (its shortest round-trip form), exactly. */
  static from(value: number): Rational {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
    if (!match) throw new RangeError(`unexpected number format: ${value}`);
    const [, sign, whole, fraction = "", exponent = "0"] = match;
    let num = BigInt(whole + fraction);
    let den = 10n ** BigInt(fraction.length);
    const exp = Number(exponent);
    if (exp >= 0) num *= 10n ** BigInt(exp);
    else den *= 10n ** BigInt(-exp);
    return Rational.of(sign ? -num : num, den);
  }

  static readonly ZERO = Rational.of(0n);
  static readonly HUNDRED = Rational.of(100n);

  add(other: Rational): Rational {
    return Rational.of(this.num * other.den + other.num * this.den, this.den * other.den);
  }

  sub(other: Rational): Rational {
    return Rational.of(this.num * other.den - other.num * this.den, this.den * other.den);
  }

  mul(other: Rational): Rational {
    return Rational.of(this.num * other.num, this.den * other.den);
  }

  div(other: Rational): Rational {
    return Rational.of(this.num * other.den, this.den * other.num);
  }

  /** this × percent / 100 */
  percent(percent: Rational): Rational {
    return this.mul(percent).div(Rational.HUNDRED);
  }

  compare(other: Rational): -1 | 0 | 1 {
    const d = this.num * other.den - other.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }

  isZero(): boolean {
    return this.num === 0n;
  }

  /** Rounded to `digits` decimals, half away from zero, as a scaled integer (cents for digits = 2). */
  roundScaled(digits: number): bigint {
    const scaled = this.num * 10n ** BigInt(digits);
    const abs = scaled < 0n ? -scaled : scaled;
    const q = (abs * 2n + this.den) / (this.den * 2n);
    return scaled < 0n ? -q : q;
  }

  /** Rounded up (towards +∞) to `digits` decimals, as a scaled integer. */
  ceilScaled(digits: number): bigint {
    const scaled = this.num * 10n ** BigInt(digits);
    const q = scaled / this.den;
    return q * this.den < scaled ? q + 1n : q;
  }

  /** Rounded down (towards −∞) to `digits` decimals, as a scaled integer. */
  floorScaled(digits: number): bigint {
    return -Rational.of(-this.num, this.den).ceilScaled(digits);
  }

  /** Rounded to `digits` decimals (half away from zero), as a JSON number. */
  toRoundedNumber(digits: number): number {
    return scaledToNumber(this.roundScaled(digits), digits);
  }
}

/** A scaled integer (e.g. cents) as a plain number with that many decimals (1999n, 2 → 19.99). */
export function scaledToNumber(scaled: bigint, digits: number): number {
  return Number(scaled) / 10 ** digits;
}

/**
 * Rounds each value to `digits` decimals so that the rounded values add up to the rounded sum:
 * every value is rounded down, then the units still missing go to the values that lost the most
 * (largest remainder). Each result is within one unit of its exact value. Used so the ingredient
 * lines shown add up to the portion cost shown.
 */
export function roundPreservingSum(values: readonly Rational[], digits: number): bigint[] {
  const total = values.reduce((a, v) => a.add(v), Rational.ZERO).roundScaled(digits);
  const floors = values.map((v) => v.floorScaled(digits));
  const scale = Rational.of(10n ** BigInt(digits));
  let left = total - floors.reduce((a, b) => a + b, 0n);
  const byRemainder = values
    .map((v, i) => ({ i, rest: v.mul(scale).sub(Rational.of(floors[i])) }))
    .sort((a, b) => b.rest.compare(a.rest) || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0n) break;
    floors[i] += 1n;
    left -= 1n;
  }
  return floors;
}
