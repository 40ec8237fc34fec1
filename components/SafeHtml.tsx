'use client';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Rich text from the server, sanitized: no scripts, no event handlers, no javascript: links. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
