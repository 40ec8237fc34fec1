'use client';
import { Dialog, DialogPanel, DialogTitle } from './Dialog';
import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useRef, useState } from 'react';

type ConfirmRequest = { title?: string; message: string; confirmText?: string; cancelText?: string | false };
type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** One confirm dialog for the whole app: `await confirm({ message })` resolves true on confirm. */
export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations('common');
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((ok: boolean) => void) | undefined>(undefined);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => (resolver.current = resolve));
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={request !== null} onClose={() => settle(false)} className="relative z-[90]">
        <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-6">
          <DialogPanel data-testid="confirm-dialog" className="w-full max-w-sm rounded-2xl bg-ink-card p-5 shadow-xl ring-1 ring-ink-line">
            {request?.title && <DialogTitle className="mb-2 text-base font-semibold text-fg">{request.title}</DialogTitle>}
            <p className="break-words text-sm leading-6 text-haze">{request?.message}</p>
            <div className="mt-5 flex gap-3">
              {request?.cancelText !== false && (
                <button className="flex-1 rounded-xl border border-ink-line py-2.5 text-sm text-haze" onClick={() => settle(false)}>
                  {request?.cancelText ?? t('cancel')}
                </button>
              )}
              <button className="flex-1 rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold" onClick={() => settle(true)}>
                {request?.confirmText ?? t('confirm')}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm outside ConfirmProvider');
  return confirm;
}
