'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { BannerRow, NoticeRow } from '../../lib/console-api/replies';
import { utc } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { Button, Card, QueryState, Tabs } from '../ui/kit';
import { type Column, PagedTable, Table } from '../ui/Table';
import { useToast } from '../ui/Toast';
import { AgreementEditor, BannerForm, NoticeEditor } from './content-editors';

type Tab = 'banners' | 'notices' | 'agreement';

/** Banners, notices and the staking agreement, each in the five languages with a preview as the app shows it. */
export function Content() {
  const t = useTranslations('content');
  const [tab, setTab] = useState<Tab>('notices');
  return (
    <Card title={t('title')}>
      <Tabs
        value={tab}
        onChange={setTab}
        options={[
          { id: 'notices', label: t('notices') },
          { id: 'banners', label: t('banners') },
          { id: 'agreement', label: t('agreement') },
        ]}
      />
      {tab === 'banners' && <Banners />}
      {tab === 'notices' && <Notices />}
      {tab === 'agreement' && <AgreementEditor />}
    </Card>
  );
}

function Banners() {
  const t = useTranslations('content');
  const tc = useTranslations('common');
  const toast = useToast();
  const query = useConsoleQuery(api.banners, {});
  const remove = useConsoleMutation(api.removeBanner, [api.banners], () => toast(t('removed')));
  const columns: Column<BannerRow>[] = [
    { key: 'position', header: t('position'), cell: (b) => b.position },
    { key: 'title', header: t('bannerTitle'), cell: (b) => b.titles.zh ?? b.titles.en ?? '—' },
    { key: 'image', header: t('image'), cell: (b) => <span className="break-all text-xs">{b.image}</span> },
    { key: 'link', header: t('link'), cell: (b) => <span className="break-all text-xs">{b.link || '—'}</span> },
    {
      key: 'actions',
      header: '',
      cell: (b) => (
        <Button
          tone="plain"
          disabled={remove.isPending}
          onClick={(e) => {
            e.stopPropagation();
            if (window.confirm(t('removeBannerConfirm'))) remove.mutate({ id: b.id });
          }}
        >
          {tc('remove')}
        </Button>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <QueryState query={query}>
        {(rows) => <Table columns={columns} rows={[...rows].sort((a, b) => a.position - b.position)} rowKey={(b) => b.id} />}
      </QueryState>
      <BannerForm />
    </div>
  );
}

function Notices() {
  const t = useTranslations('content');
  const tc = useTranslations('common');
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const query = useConsoleQuery(api.notices, { page, limit: 20 });
  const remove = useConsoleMutation(api.removeNotice, [api.notices], () => toast(t('removed')));
  if (editing) return <NoticeEditor id={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />;
  const columns: Column<NoticeRow>[] = [
    { key: 'title', header: t('noticeTitle'), cell: (n) => n.title },
    { key: 'languages', header: t('languages'), cell: (n) => n.languages.join(' · ') },
    { key: 'at', header: t('published'), cell: (n) => utc(n.createdAt), className: 'whitespace-nowrap' },
    {
      key: 'actions',
      header: '',
      cell: (n) => (
        <span className="flex gap-2">
          <Button tone="plain" onClick={() => setEditing(n.id)}>
            {t('edit')}
          </Button>
          <Button
            tone="plain"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('removeNoticeConfirm'))) remove.mutate({ id: n.id });
            }}
          >
            {tc('remove')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      <Button onClick={() => setEditing('new')}>{t('newNotice')}</Button>
      <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(n) => n.id} />
    </div>
  );
}
