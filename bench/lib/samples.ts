/** The median of a bench's samples (the upper middle one of an even count), NaN for none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The samples' range, `min–max`. */
export const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
