/** Numbers as the attack dialog and card show them (pure). */

/** A probability as a whole percentage; "<1%" and ">99%" at the ends so a chance never reads as certain when it is not. */
export function percent(p: number): string {
  if (!(p > 0)) return "0%";
  if (p >= 1) return "100%";
  const value = Math.round(p * 100);
  if (value < 1) return "<1%";
  if (value > 99) return ">99%";
  return `${value}%`;
}

/** An expected number of points, one decimal. */
export function expected(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}
