import type { Metadata, Viewport } from 'next';
import './globals.css';

export const metadata: Metadata = { title: 'WLD Staking · Console', robots: { index: false, follow: false } };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <body className="font-sans antialiased">{children}</body>
    </html>
  );
}
