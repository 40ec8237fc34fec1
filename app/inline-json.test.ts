import { describe, expect, it } from 'vitest';
import { inlineJson } from './inline-json';

describe('inlineJson', () => {
  it('cannot close the script or open a comment, and reads back as the same value', () => {
    const value = { text: '</script><script>alert(1)</script>', note: '<!-- x -->', n: 1 };
    const literal = inlineJson(value);
    expect(literal).not.toMatch(/</);
    expect(JSON.parse(literal)).toEqual(value);
  });
});
