/// The one transcendental function the rating model needs, in pure Swift: HangmanCore imports nothing
/// from the platform, and the standard library has `squareRoot()` (IEEE, exact like libm's `sqrt`) but
/// no `exp`.
///
/// `exp` is fdlibm's `e_exp.c` algorithm (Sun Microsystems, freely distributable): reduce
/// `x = k·ln2 + r` with `|r| ≤ ln2/2` (ln2 split in a high and a low part so the reduction is exact),
/// approximate `exp(r)` with a degree-5 Remez polynomial of `r²`, then scale by 2^k. Its error is
/// under one unit in the last place, which `RatingMathTests` checks against the platform's `exp`;
/// the rating vectors then agree with openskill.py (which calls glibc) far inside their 1e-9.
enum RatingMath {
    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    private static let invLn2 = 1.44269504088896338700e+00
    private static let p1 = 1.66666666666666019037e-01
    private static let p2 = -2.77777777770155933842e-03
    private static let p3 = 6.61375632143793436117e-05
    private static let p4 = -1.65339022054652515390e-06
    private static let p5 = 4.13813679705723846039e-08
    /// Above this `exp` overflows to +∞; below `underflow` it is 0.
    private static let overflow = 7.09782712893383973096e+02
    private static let underflow = -7.45133219101941108420e+02

    /// e^x, correct to within one ulp.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > overflow { return .infinity }
        if x < underflow { return 0 }
        if x.magnitude < 0x1p-28 { return 1 + x }
        let k = (x * invLn2).rounded(.toNearestOrEven)
        let hi = x - k * ln2Hi
        let lo = k * ln2Lo
        let r = hi - lo
        let t = r * r
        let c = r - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
        let y = 1 - ((lo - (r * c) / (2 - c)) - hi)
        return scaled(y, by: Int(k))
    }

    /// y·2^k without overflowing or flushing early: in two steps when 2^k alone is out of range.
    private static func scaled(_ y: Double, by k: Int) -> Double {
        if k > 1000 { return y * 0x1p1000 * Double(sign: .plus, exponent: k - 1000, significand: 1) }
        if k < -1000 { return y * 0x1p-1000 * Double(sign: .plus, exponent: k + 1000, significand: 1) }
        return y * Double(sign: .plus, exponent: k, significand: 1)
    }
}
