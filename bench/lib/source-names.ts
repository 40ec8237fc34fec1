// V8 profiler frames named by their source (the export's source maps, written with NEXT_SOURCE_MAPS=1), for the
// benches that profile the app's first load (bench:home-profile, bench:lighthouse-tasks).
import { existsSync, readFileSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

export type Frame = { url: string; lineNumber: number; columnNumber: number; functionName: string };

/**
 * Source-mapped names for frames of the export in `dir` served at `origin`: `module` (package and folder, or the
 * project file) and `fn` (`source:function`). Frames of other scripts keep their function name; the page's own
 * inline scripts are `(inline scripts)`.
 */
export function sourceNamer(origin: string, dir: string) {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const path = url.startsWith(origin) ? `${dir}${new URL(url).pathname}` : '';
      const file = path.endsWith('.js') && existsSync(path) ? /sourceMappingURL=(\S+)/.exec(readFileSync(path, 'utf8').slice(-300))?.[1] : undefined;
      const mapPath = file ? path.replace(/[^/]+$/, file) : '';
      maps.set(url, mapPath && existsSync(mapPath) ? new TraceMap(readFileSync(mapPath, 'utf8')) : null);
    }
    return maps.get(url) ?? null;
  };
  return (frame: Frame) => {
    const map = frame.url ? mapOf(frame.url) : null;
    if (!map) return { module: frame.url === `${origin}/` ? '(inline scripts)' : frame.functionName || frame.url || '(program)', fn: frame.functionName };
    const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = (pos.source ?? '?').replace(/^.*node_modules\//, '').replace(/^turbopack:\/\/\/\[project\]\//, '');
    const parts = source.split('/');
    const depth = source.startsWith('next/') ? 5 : source.startsWith('@') ? 3 : source.includes('[turbopack]') ? 1 : 2;
    return { module: parts.slice(0, depth).join('/'), fn: `${source}:${pos.name ?? frame.functionName}` };
  };
}
