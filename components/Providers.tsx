'use client';
import { ConfirmProvider } from './ConfirmDialog';
import { LocaleProvider } from './LocaleProvider';
import { ToastProvider } from './Toast';

/** Every app-wide provider, outermost first. */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <LocaleProvider>
      <ToastProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </ToastProvider>
    </LocaleProvider>
  );
}
