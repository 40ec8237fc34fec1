'use client';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich text as the members' app shows it (components/SafeHtml: DOMPurify's HTML profile) on its dark card and
 * 480 px column; the server cleans it again when it is saved.
 */
export function AppPreview({ title, html }: { title?: string; html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <div className="max-w-[480px] rounded-lg bg-[#0b1020] p-4 text-white" data-preview>
      {title && <div className="mb-2 text-center text-base font-semibold">{title}</div>}
      <div className="space-y-2 break-words text-sm leading-relaxed [&_a]:text-[#f5c451] [&_img]:max-w-full" dangerouslySetInnerHTML={{ __html: clean }} />
    </div>
  );
}
