import type { Metadata, Viewport } from 'next';
import { THEME_BOOT_SCRIPT } from '@/lib/theme';
import { earlyRequestsScript } from './early-script';
import { fontWarmupScript } from './font-warmup';
import './globals.css';

export const metadata: Metadata = {
  title: 'WLD Staking',
  description: 'Stake WLD, earn a daily dividend, invite friends.',
  icons: { icon: './icon.svg' },
};
// People may zoom (accessibility): no maximum scale; the layout is fluid up to its 480 px column.
export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b1020' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        {/* Home's public calls and its first banner start now, not after the app's JavaScript has loaded. An
            async module script: it runs as soon as it is parsed, without waiting for the stylesheet as a
            classic inline script would. It comes before the theme script, which (a classic script after the
            stylesheet) holds the parser until the stylesheet is in: placed after it, the calls left only then. */}
        <script type="module" async dangerouslySetInnerHTML={{ __html: earlyRequestsScript() }} />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        {/* The app's font files load on a worker (app/font-warmup.ts), not on the main thread at the first text
            layout. After the theme script, which holds the parser until the stylesheet is in: started before,
            the worker and its font copy competed with Home's calls and the first banner. */}
        <script dangerouslySetInnerHTML={{ __html: fontWarmupScript() }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
