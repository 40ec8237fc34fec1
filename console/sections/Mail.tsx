'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { MailRow } from '../../lib/console-api/replies';
import { short, utc } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { Badge, Button, Card, ErrorBox, Field, Mono, QueryState, Select, Tabs, TextArea, TextInput } from '../ui/kit';
import { type Column, PagedTable, usePagedFilters } from '../ui/Table';
import { useToast } from '../ui/Toast';

type Filter = 'awaiting' | 'replied' | 'all';

/** Members' mail awaiting a reply, the thread and the reply; a message to one member or to all. */
export function Mail() {
  const t = useTranslations('mail');
  const [tab, setTab] = useState<'inbox' | 'send'>('inbox');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
      <Card title={t('title')}>
        <Tabs
          value={tab}
          onChange={setTab}
          options={[
            { id: 'inbox', label: t('inbox') },
            { id: 'send', label: t('send') },
          ]}
        />
        {tab === 'inbox' ? <Inbox selected={selected} onSelect={setSelected} /> : <SendForm />}
      </Card>
      {tab === 'inbox' && selected && <Thread id={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

function Inbox({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const t = useTranslations('mail');
  const { page, setPage, filters, setFilter } = usePagedFilters({ filter: 'awaiting' as Filter });
  const { filter } = filters;
  const query = useConsoleQuery(api.mailInbox, { page, limit: 20, filter });
  const columns: Column<MailRow>[] = [
    { key: 'title', header: t('subject'), cell: (m) => m.title },
    { key: 'from', header: t('member'), cell: (m) => <Mono>{short(m.address)}</Mono> },
    { key: 'status', header: t('status'), cell: (m) => <Badge tone={m.status === 'awaiting' ? 'amber' : 'green'}>{t(`statuses.${m.status}`)}</Badge> },
    { key: 'at', header: t('received'), cell: (m) => utc(m.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <>
      <div className="mb-3 max-w-48">
        <Field label={t('show')}>
          <Select value={filter} onChange={(e) => setFilter('filter', e.target.value as Filter)}>
            {(['awaiting', 'replied', 'all'] as const).map((f) => (
              <option key={f} value={f}>
                {t(`filters.${f}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <PagedTable query={query} onPage={setPage} columns={columns} rowKey={(m) => m.id} onRow={(m) => onSelect(m.id)} selected={selected ?? undefined} />
    </>
  );
}

function Thread({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useTranslations('mail');
  const tc = useTranslations('common');
  const toast = useToast();
  const query = useConsoleQuery(api.mailThread, { id });
  const [text, setText] = useState('');
  const reply = useConsoleMutation(api.mailReply, [api.mailInbox, api.mailThread], () => {
    setText('');
    toast(t('replied'));
  });
  return (
    <Card
      title={t('thread')}
      actions={
        <Button tone="plain" onClick={onClose}>
          {tc('close')}
        </Button>
      }
      className="self-start"
    >
      <QueryState query={query}>
        {(thread) => (
          <div className="space-y-3" data-thread={thread.id}>
            <div className="text-sm">
              <div className="font-semibold">{thread.title}</div>
              <Mono>{thread.address}</Mono>
            </div>
            <ol className="space-y-2">
              {thread.messages.map((m) => (
                <li key={m.id} className={`rounded-md p-3 text-sm ${m.from === 'operator' ? 'ml-6 bg-indigo-50' : 'mr-6 bg-slate-50'}`}>
                  <div className="mb-1 text-xs text-slate-500">
                    {t(m.from === 'operator' ? 'fromOperator' : 'fromMember')} · {utc(m.at)}
                  </div>
                  <div className="whitespace-pre-wrap break-words">{m.content}</div>
                </li>
              ))}
            </ol>
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                reply.mutate({ id: thread.id, content: text });
              }}
            >
              <Field label={t('reply')}>
                <TextArea name="reply" value={text} onChange={(e) => setText(e.target.value)} />
              </Field>
              {reply.error && <ErrorBox error={reply.error} />}
              <Button type="submit" disabled={reply.isPending}>
                {t('sendReply')}
              </Button>
            </form>
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function SendForm() {
  const t = useTranslations('mail');
  const toast = useToast();
  const [toAll, setToAll] = useState(false);
  const [to, setTo] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const send = useConsoleMutation(api.mailSend, [api.mailInbox], (r) => {
    toast(t('sent', { count: r.count }));
    setTitle('');
    setContent('');
  });
  return (
    <form
      className="max-w-xl space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate({ to: toAll ? 'all' : to.trim(), title, content });
      }}
    >
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" checked={!toAll} onChange={() => setToAll(false)} /> {t('toOne')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" checked={toAll} onChange={() => setToAll(true)} /> {t('toAll')}
        </label>
      </div>
      {!toAll && (
        <Field label={t('to')}>
          <TextInput name="to" value={to} onChange={(e) => setTo(e.target.value)} placeholder="0x…" />
        </Field>
      )}
      <Field label={t('subject')}>
        <TextInput name="title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </Field>
      <Field label={t('content')}>
        <TextArea name="content" rows={6} value={content} onChange={(e) => setContent(e.target.value)} />
      </Field>
      {send.error && <ErrorBox error={send.error} />}
      <Button type="submit" disabled={send.isPending}>
        {t('sendButton')}
      </Button>
    </form>
  );
}
