'use client';
import dynamic from 'next/dynamic';

// The whole app is client-only: hash routes, wallet and session storage exist only in the browser.
const Shell = dynamic(() => import('@/shell/Shell'), { ssr: false });

export default function Page() {
  return <Shell />;
}
