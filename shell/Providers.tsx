'use client';
import { ConfirmProvider } from '@/components/ConfirmDialog';
import { LocaleProvider } from '@/components/LocaleProvider';
import { ToastProvider } from '@/components/Toast';
import { WalletProvider } from '@/components/wallet/WalletProvider';

/** Every app-wide provider, outermost first. */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <LocaleProvider>
      <ToastProvider>
        <ConfirmProvider>
          <WalletProvider>{children}</WalletProvider>
        </ConfirmProvider>
      </ToastProvider>
    </LocaleProvider>
  );
}
