import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-escape';

describe('escapeHtml', () => {
  it('escapes text as React does, in an element and in a quoted attribute', () => {
    const text = `Tom & "Jerry" <b>'s</b> > 1`;
    expect(`<p>${escapeHtml(text)}</p>`).toBe(renderToStaticMarkup(createElement('p', null, text)));
    expect(`<p title="${escapeHtml(text)}"></p>`).toBe(renderToStaticMarkup(createElement('p', { title: text })));
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('钱包 · Portefeuille\u202f: 1')).toBe('钱包 · Portefeuille\u202f: 1');
  });
});
