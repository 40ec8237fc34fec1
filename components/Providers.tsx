'use client';
import { ConfirmProvider } from './ConfirmDialog';
import { LocaleProvider } from './LocaleProvider';
import { ToastProvider } from './Toast';
import { WalletProvider } from './wallet/WalletProvider';

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
