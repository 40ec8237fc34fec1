'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints } from '../../lib/console-api/contract';
import { useSession } from '../lib/session';
import { connectWallet } from '../lib/wallet';
import { Button, ErrorBox } from './kit';

/**
 * Sign-In with Ethereum: the server writes the message (it names the console's origin, the address and a nonce),
 * the wallet signs it, the server checks it against the operator list and sets the session cookie.
 */
export function SignIn() {
  const t = useTranslations('signIn');
  const { call, setOperator } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const wallet = await connectWallet();
      if (!wallet) throw new Error(t('noWallet'));
      const { message } = await call(consoleEndpoints.getNonce, { address: wallet.address });
      const signature = await wallet.sign(message);
      setOperator(await call(consoleEndpoints.login, { message, signature }));
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('body')}</p>
        <Button onClick={signIn} disabled={busy} className="w-full py-2">
          {busy ? t('signing') : t('button')}
        </Button>
        {error && <ErrorBox error={error} />}
      </div>
    </main>
  );
}

export function SignOutButton({ compact = false }: { compact?: boolean }) {
  const t = useTranslations('signIn');
  const { call, setOperator } = useSession();
  return (
    <Button
      tone="plain"
      className={compact ? 'px-2 py-1 text-xs' : 'w-full'}
      onClick={() => void call(consoleEndpoints.logout, {}).finally(() => setOperator(null))}
    >
      {t('signOut')}
    </Button>
  );
}
