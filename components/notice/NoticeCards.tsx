'use client';
import { Link } from 'wouter';
import type { Notice, NoticeItem } from '@/lib/api/replies';
import { formatTime } from '@/lib/time';
import { SafeHtml } from '../SafeHtml';

/** One announcement in the list: its title and time; a tap opens NoticeDetail. */
export function NoticeRow({ notice }: { notice: NoticeItem }) {
  return (
    <Link
      to={`/notice/detail?id=${notice.id}`}
      data-testid={`notice-${notice.id}`}
      className="flex items-center gap-3 rounded-2xl bg-ink-card px-4 py-3.5 ring-1 ring-ink-line"
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-fg">{notice.title}</span>
        <span className="mt-1 block text-xs text-haze">{formatTime(notice.create_time)}</span>
      </span>
      <span aria-hidden className="text-haze">
        ›
      </span>
    </Link>
  );
}

/** An announcement in full: the rich text goes through the sanitizer. */
export function NoticeArticle({ notice }: { notice: Notice }) {
  return (
    <article data-testid="notice-article" className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h1 data-testid="notice-title" className="text-lg font-bold leading-snug text-fg">
        {notice.title}
      </h1>
      <p className="mt-1 text-xs text-haze">{formatTime(notice.create_time)}</p>
      <SafeHtml
        html={notice.content}
        className="mt-4 space-y-2 break-words text-sm leading-6 text-fg/90 [&_a]:text-gold [&_a]:underline [&_h3]:font-semibold [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
      />
    </article>
  );
}
