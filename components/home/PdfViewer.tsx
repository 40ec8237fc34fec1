'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Dialog, DialogPanel } from '../Dialog';

/** Renders a PDF's pages with pdfjs-dist, which is loaded only when the viewer opens. */
export default function PdfViewer({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useTranslations('home');
  // The pages' container mounts with the dialog: the render starts then.
  const [pages, setPages] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (!pages) return;
    let cancelled = false;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
      const doc = await pdfjs.getDocument({ url }).promise;
      for (let n = 1; n <= doc.numPages && !cancelled; n++) {
        const page = await doc.getPage(n);
        const width = Math.min(440, window.innerWidth - 48);
        const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width * window.devicePixelRatio;
        canvas.height = viewport.height * window.devicePixelRatio;
        canvas.style.width = `${viewport.width}px`;
        canvas.className = 'mb-3 rounded bg-white';
        await page.render({ canvas, viewport, transform: [window.devicePixelRatio, 0, 0, window.devicePixelRatio, 0, 0] }).promise;
        pages.appendChild(canvas);
      }
      if (!cancelled) setState('ready');
    })().catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [pages, url]);

  return (
    <Dialog open onClose={onClose} className="relative z-[85]">
      <div className="fixed inset-0 bg-black/80" aria-hidden="true" />
      <div className="fixed inset-0 flex flex-col items-center overflow-y-auto p-4">
        <DialogPanel data-testid="pdf-viewer" className="w-full max-w-app">
          <div className="mb-3 flex justify-end">
            <button onClick={onClose} className="rounded-full bg-white/10 px-4 py-1.5 text-sm text-white">
              {t('closePdf')}
            </button>
          </div>
          {state === 'loading' && <p className="py-10 text-center text-sm text-haze">{t('loadingPdf')}</p>}
          {state === 'failed' && <p className="py-10 text-center text-sm text-red-300">{t('pdfFailed')}</p>}
          <div ref={setPages} data-state={state} data-testid="pdf-pages" className="flex flex-col items-center" />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
