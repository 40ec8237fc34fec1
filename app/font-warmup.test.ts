import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { appFontStack, fontWarmup, fontWarmupScript } from './font-warmup';

/** Runs public/font-warmup.js as a worker would, with a recording OffscreenCanvas. */
function runWorker(message: unknown, canvas: 'ok' | 'missing' = 'ok') {
  const measured: { font: string; text: string }[] = [];
  const scope: Record<string, unknown> = { closed: false };
  scope.self = scope;
  scope.close = () => (scope.closed = true);
  if (canvas === 'ok') {
    scope.OffscreenCanvas = class {
      getContext() {
        const context = { font: '', measureText: (text: string) => measured.push({ font: context.font, text }) };
        return context;
      }
    };
  }
  runInNewContext(readFileSync('public/font-warmup.js', 'utf8'), scope);
  (scope.onmessage as (event: { data: unknown }) => void)({ data: message });
  return { measured, closed: scope.closed };
}

describe('the font warm-up', () => {
  it("asks for the regular and the bold face of the theme's own font stack", () => {
    const stack = appFontStack();
    expect(stack).toContain("'Noto Sans CJK SC'");
    expect(fontWarmup().fonts).toEqual([`400 16px ${stack}`, `700 16px ${stack}`]);
    expect(() => appFontStack(':root { --ink: #000; }')).toThrow(/--font-sans/);
  });

  it('starts the worker from the page with what it lays out, and leaves the page alone when it cannot', () => {
    const started: { url: string; message?: unknown }[] = [];
    const Worker = class {
      constructor(url: string) {
        started.push({ url });
      }
      postMessage(message: unknown) {
        started[started.length - 1]!.message = message;
      }
    };
    runInNewContext(fontWarmupScript(), { Worker });
    const { worker, fonts, text } = fontWarmup();
    expect(started).toEqual([{ url: worker, message: { fonts, text } }]);
    const refusing = class {
      constructor() {
        throw new Error('refused by the page policy');
      }
    };
    expect(() => runInNewContext(fontWarmupScript(), { Worker: refusing })).not.toThrow();
    expect(() => runInNewContext(fontWarmupScript(), {})).not.toThrow();
  });

  it('lays out the text in each font, then closes, with or without OffscreenCanvas', () => {
    const { fonts, text } = fontWarmup();
    expect(runWorker({ fonts, text })).toEqual({ measured: fonts.map((font) => ({ font, text })), closed: true });
    expect(runWorker({ fonts, text }, 'missing')).toEqual({ measured: [], closed: true });
  });
});
