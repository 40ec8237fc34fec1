'use client';
import { createContext, useCallback, useContext, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { subscribeDialogs, topDialog } from './open-dialogs';

type ToastKind = 'text' | 'success' | 'loading';
type ToastState = { id: number; kind: ToastKind; text: string } | null;
export type ToastApi = {
  /** A plain message at the bottom, gone after a moment. */
  show: (text: string) => void;
  success: (text: string) => void;
  /** Stays until the returned function (or the next toast) closes it. */
  loading: (text: string) => () => void;
};

const ToastContext = createContext<ToastApi | null>(null);
const DURATION_MS = 2200;

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<ToastState>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  const open = useCallback((kind: ToastKind, text: string) => {
    clearTimeout(timer.current);
    const id = ++seq.current;
    setToast({ id, kind, text });
    if (kind !== 'loading') timer.current = setTimeout(() => setToast((t) => (t?.id === id ? null : t)), DURATION_MS);
    return () => setToast((t) => (t?.id === id ? null : t));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ show: (t) => void open('text', t), success: (t) => void open('success', t), loading: (t) => open('loading', t) }),
    [open],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toast && <ToastView toast={toast} />}
    </ToastContext.Provider>
  );
}

// Above an open modal dialog only what is inside it is seen and announced: there, into the topmost one. Over a
// bottom sheet (BottomSheet marks its panel) the toast goes to the top of the screen: at the bottom it covered the
// sheet's buttons, which sit there (its 90dvh cap leaves the top free).
function ToastView({ toast }: { toast: NonNullable<ToastState> }) {
  const dialog = useSyncExternalStore(subscribeDialogs, topDialog, () => null);
  const overSheet = Boolean(dialog?.querySelector('[data-sheet]'));
  const place = overSheet ? 'top-[max(0.75rem,env(safe-area-inset-top))]' : 'bottom-10';
  const view = (
    <div className={`pointer-events-none fixed inset-x-0 ${place} z-[100] flex justify-center px-6`} role="status" aria-live="polite">
      <div data-testid="toast" className="flex max-w-xs items-center gap-2 rounded-xl bg-black/85 px-4 py-3 text-center text-sm text-white shadow-lg">
        {toast.kind === 'loading' && <span className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-white/30 border-t-white" />}
        {toast.kind === 'success' && <span className="text-mint">✓</span>}
        <span>{toast.text}</span>
      </div>
    </div>
  );
  return dialog ? createPortal(view, dialog) : view;
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
