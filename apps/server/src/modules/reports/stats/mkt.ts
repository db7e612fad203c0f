/**
 * Mean kinetic temperature (ICH Q1A / USP ⟨1079⟩ form, time-weighted):
 *
 *   MKT = (ΔH/R) / (−ln( Σ wᵢ·exp(−(ΔH/R)/Tᵢ) / Σ wᵢ )) − 273.15
 *
 * with ΔH/R = 10,000 K (activation energy ΔH = 83.144 kJ/mol, gas constant R = 8.3144 J/(mol·K)),
 * Tᵢ the reading in kelvin (°C + 273.15) and wᵢ its weight: the time it holds under the interval rule
 * of `intervals.ts` (ms; any unit works, only ratios count). The result is in °C.
 */

/** ΔH/R in kelvin (83,144 J/mol ÷ 8.3144 J/(mol·K)). */
export const MKT_DH_OVER_R_K = 10_000;
/** 0 °C in kelvin. */
export const KELVIN_OFFSET = 273.15;

/**
 * Time-weighted MKT in °C of temperatures `celsius` with weights `weights` (same length; NaN
 * values and zero weights are skipped). Null when nothing is left.
 *
 * Worked example (tested): 2 °C for 1 h and 8 °C for 1 h → T = 275.15 K and 281.15 K,
 * exp(−10000/275.15) = 1.6447e−16, exp(−10000/281.15) = 3.5721e−16, mean 2.6084e−16,
 * −ln(2.6084e−16) = 35.8826 → 10000 / 35.8826 = 278.686 K → **5.54 °C** (arithmetic mean 5.00 °C).
 */
export function meanKineticTemperature(celsius: ArrayLike<number>, weights: ArrayLike<number>): number | null {
  // exp(−10000/T) is ~1e−16 near 0 °C: sum relative to the first term's exponent to stay exact
  let ref: number | null = null;
  let sum = 0;
  let wSum = 0;
  for (let i = 0; i < celsius.length; i++) {
    const c = celsius[i]!;
    const w = weights[i]!;
    if (Number.isNaN(c) || !(w > 0)) continue;
    const e = -MKT_DH_OVER_R_K / (c + KELVIN_OFFSET);
    if (ref === null) ref = e;
    sum += w * Math.exp(e - ref);
    wSum += w;
  }
  if (ref === null || wSum === 0) return null;
  const lnMean = Math.log(sum / wSum) + ref;
  return MKT_DH_OVER_R_K / -lnMean - KELVIN_OFFSET;
}
