// bench:lighthouse's floor: the least a Next app-router static export does on its first screen. One page (a
// heading and a paragraph) built with the product's own next and react into .run/bench-bare-next, precompressed
// and served as the product's export is, so the two are audited under the same conditions in the same run.
// A second page, /zh, is the same in Chinese, the product's default language: what the machine's CJK fonts
// (a bold heading and a regular paragraph, as on Home) cost a first screen with nothing else on it. It is printed
// beside the floor, not used as it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { precompress } from '../../stack/precompress';
import { serveStatic } from '../../stack/static-server';

const DIR = '.run/bench-bare-next';
const FILES: Record<string, string> = {
  'next.config.mjs': `export default { output: 'export', assetPrefix: './', images: { unoptimized: true } };\n`,
  'app/layout.jsx': `export default function Layout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`,
  'app/page.jsx': `export default function Page() {\n  return <main><h1>Floor</h1><p>A bare Next static export.</p></main>;\n}\n`,
  'app/zh/page.jsx': `export default function Page() {\n  return <main lang="zh-CN"><h1>底线</h1><p>一个空的 Next 静态导出。</p></main>;\n}\n`,
};
/** The path of the Chinese page in the served export. */
export const BARE_CHINESE_PAGE = 'zh';

/** Builds the bare export once per next version and set of pages (rebuilt when either changes) and serves it. */
export async function bareNextApp() {
  const next = (createRequire(import.meta.url)('next/package.json') as { version: string }).version;
  const version = `${next} ${createHash('sha256').update(JSON.stringify(FILES)).digest('hex')}`;
  const stamp = `${DIR}/out/.next-version`;
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== version) {
    for (const [name, text] of Object.entries(FILES)) {
      mkdirSync(`${DIR}/${name.split('/').slice(0, -1).join('/')}`, { recursive: true });
      writeFileSync(`${DIR}/${name}`, text);
    }
    execFileSync(process.execPath, ['node_modules/next/dist/bin/next', 'build', DIR], {
      stdio: 'ignore',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    precompress(`${DIR}/out`);
    writeFileSync(stamp, version);
  }
  return serveStatic(`${DIR}/out`);
}
