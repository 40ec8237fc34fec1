import { describe, expect, it } from 'vitest';
import { frenchAnglicisms, misplacedFrenchMarks } from '../lib/french-typography';
import { DEMO_AGREEMENT, DEMO_BANNERS, DEMO_NOTICES, bannerDrawing, demoRateRange } from './demo-content';

const french: (readonly [where: string, text: string])[] = [
  ...DEMO_BANNERS.map((b, i) => [`banner ${i + 1} title`, b.title.fra] as const),
  ...DEMO_NOTICES.flatMap(
    (n, i) =>
      [
        [`notice ${i + 1} title`, n.title.fra],
        [`notice ${i + 1} body`, n.body.fra],
      ] as const,
  ),
  ['agreement', DEMO_AGREEMENT.fra] as const,
];

describe('the demo seed', () => {
  it('writes French as the app does: U+202F before : ? ! ; and staking, never "un stake"', () => {
    for (const [where, text] of french) {
      expect([where, misplacedFrenchMarks(text)]).toEqual([where, []]);
      expect([where, frenchAnglicisms(text)]).toEqual([where, []]);
    }
  });
  it('promises on the staking banner the daily rates the seeded levels pay, lowest to highest', () => {
    const { min, max } = demoRateRange();
    expect([min, max]).toEqual([0.5, 1.2]);
    expect(bannerDrawing('demo-1')).toContain(`>${min}% – ${max}% / 24h<`);
  });
});
