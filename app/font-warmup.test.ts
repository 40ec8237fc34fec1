import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { appFontStack, fontWarmup, fontWarmupScript } from './font-warmup';

/** Runs the head's script as the page would, and returns the workers it started with their code. */
function startWorkers(globals: Record<string, unknown>) {
  const blobs = new Map<string, string>();
  const workers: string[] = [];
  const URL = {
    createObjectURL(blob: { parts: string[] }) {
      const url = `blob:${blobs.size}`;
      blobs.set(url, blob.parts.join(''));
      return url;
    },
  };
  const Blob = class {
    constructor(
      public parts: string[],
      public options: { type: string },
    ) {}
  };
  const Worker = class {
    constructor(url: string) {
      workers.push(blobs.get(url)!);
    }
  };
  runInNewContext(fontWarmupScript(), { URL, Blob, Worker, ...globals });
  return workers;
}

/** Runs a worker's code in a scope of its own, with a recording OffscreenCanvas unless told otherwise. */
function runWorker(code: string, canvas: 'ok' | 'missing' | 'throws' = 'ok') {
  const measured: { font: string; text: string }[] = [];
  const scope: Record<string, unknown> = { closed: false, JSON };
  scope.self = scope;
  scope.close = () => (scope.closed = true);
  if (canvas !== 'missing') {
    scope.OffscreenCanvas = class {
      getContext() {
        if (canvas === 'throws') throw new Error('no 2d context');
        const context = { font: '', measureText: (text: string) => measured.push({ font: context.font, text }) };
        return context;
      }
    };
  }
  runInNewContext(code, scope);
  return { measured, closed: scope.closed };
}

describe('the font warm-up', () => {
  it("lays out a Han and a Latin character in the regular and the bold face of the theme's font stack", () => {
    const stack = appFontStack();
    expect(stack).toContain("'Noto Sans CJK SC'");
    expect(fontWarmup()).toEqual({ fonts: [`400 16px ${stack}`, `700 16px ${stack}`], text: 'W 质' });
    expect(() => appFontStack(':root { --ink: #000; }')).toThrow(/--font-sans/);
  });

  it('starts one worker from a blob, which lays the text out in each face and closes', () => {
    const workers = startWorkers({});
    expect(workers).toHaveLength(1);
    const { fonts, text } = fontWarmup();
    expect(runWorker(workers[0]!)).toEqual({ measured: fonts.map((font) => ({ font, text })), closed: true });
  });

  it('closes without laying anything out where workers have no canvas, or it fails', () => {
    const [code] = startWorkers({});
    expect(runWorker(code!, 'missing')).toEqual({ measured: [], closed: true });
    expect(runWorker(code!, 'throws')).toEqual({ measured: [], closed: true });
  });

  it('leaves the page alone where no worker can start (none in the browser, or a policy refusing blob: workers)', () => {
    const refusing = class {
      constructor() {
        throw new Error('refused by the page policy');
      }
    };
    expect(() => startWorkers({ Worker: refusing })).not.toThrow();
    expect(() => runInNewContext(fontWarmupScript(), {})).not.toThrow();
  });
});
