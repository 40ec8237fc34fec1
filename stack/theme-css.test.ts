import { describe, expect, it } from 'vitest';
import { THEME_RULES, missingThemeRules } from './theme-css';

const themed = `:root{--ink:#0b1020;--gold:#f5c451}
.max-w-app{max-width:480px}.bg-ink{background-color:var(--ink)}
.text-gold{color:var(--gold)}.hover\\:text-gold:hover{color:var(--gold)}
.text-on-gold{color:#0b1020}`;

describe('the theme in the built CSS', () => {
  it('finds every rule in CSS built with the theme, minified or not', () => {
    expect(missingThemeRules(themed)).toEqual([]);
    expect(missingThemeRules(themed.replace(/\{/g, ' {\n  ').replace(/;/g, ';\n  ').replace(/\}/g, ';\n}\n'))).toEqual([]);
  });

  it('names what is missing when Tailwind built without the theme', () => {
    expect(missingThemeRules('.flex{display:flex}')).toHaveLength(THEME_RULES.length);
    expect(missingThemeRules(themed.replace('.bg-ink{background-color:var(--ink)}', ''))).toEqual(['.bg-ink { background-color:var(--ink) }']);
  });

  it('does not take a longer class or another colour for a theme rule', () => {
    const lookalikes = themed.replace('.text-gold{', '.text-gold-soft{').replace('.text-on-gold{color:#0b1020}', '.text-on-gold{color:#000}');
    expect(missingThemeRules(lookalikes)).toEqual(['.text-gold { color:var(--gold) }', '.text-on-gold { color:#0b1020 }']);
  });
});
