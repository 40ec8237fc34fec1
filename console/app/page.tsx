'use client';
import dynamic from 'next/dynamic';

// Client-only: the session lives in an HttpOnly cookie the page never reads, the wallet in window.ethereum.
const Console = dynamic(() => import('../ui/Console').then((m) => m.Console), { ssr: false, loading: () => <div className="min-h-screen" /> });

export default function Page() {
  return <Console />;
}
