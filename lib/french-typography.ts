/**
 * French puts a narrow no-break space (U+202F) before : ? ! ; so the mark never wraps onto a line of its own.
 * Returns each mark in `text` preceded by anything else (an ASCII space, a letter), e.g. [' :'].
 */
export function misplacedFrenchMarks(text: string): string[] {
  return [...text.matchAll(/(.)([:?!;])/g)].filter((m) => m[1] !== '\u202f').map((m) => m[0]);
}

/**
 * English staking words left in French text: "un stake" is not French (the UI says "staking", "staker", "staké").
 * Returns each one found, e.g. ['stake', 'stakes'].
 */
export function frenchAnglicisms(text: string): string[] {
  return [...text.matchAll(/(?<!\p{L})stakes?(?!\p{L})/giu)].map((m) => m[0]);
}
