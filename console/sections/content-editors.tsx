'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { ConsoleLanguage } from '../../lib/console-api/inputs';
import type { PerLanguage, Saved } from '../../lib/console-api/replies';
import { LANGUAGES } from '../lib/constants';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { AppPreview } from '../ui/Preview';
import { Button, ErrorBox, Field, QueryState, TextArea, TextInput } from '../ui/kit';
import { useToast } from '../ui/Toast';

/** Only the languages with text: zh is required by the server, the others are optional. */
function filled<T>(texts: PerLanguage<T>, has: (v: T) => boolean): PerLanguage<T> {
  return Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined && has(v as T))) as PerLanguage<T>;
}

/** What the server's cleaning removed, per language, as one line. */
function useRemovedNote() {
  const t = useTranslations('content');
  return (saved: Saved) => {
    const parts = Object.entries(saved.removed).filter(([, list]) => list && list.length);
    return parts.length ? t('cleaned', { list: parts.map(([l, list]) => `${l}: ${list?.join(', ')}`).join('; ') }) : t('saved');
  };
}

/** Five columns side by side on a wide screen (one per language), stacked on a phone. */
function LanguageColumns({ children }: { children: (language: ConsoleLanguage) => React.ReactNode }) {
  const t = useTranslations('languages');
  return (
    <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-5">
      {LANGUAGES.map((l) => (
        <fieldset key={l} data-language={l} className="min-w-0 space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-xs font-semibold text-slate-600">
            {t(l)}
            {l === 'zh' ? ' *' : ''}
          </legend>
          {children(l)}
        </fieldset>
      ))}
    </div>
  );
}

/** A new notice, or an existing one once its texts are in. */
export function NoticeEditor({ id, onDone }: { id?: string; onDone: () => void }) {
  const existing = useConsoleQuery(api.notice, { id: id ?? '1' }, { enabled: Boolean(id) });
  if (!id) return <NoticeForm onDone={onDone} initial={{}} />;
  return <QueryState query={existing}>{(n) => <NoticeForm id={id} onDone={onDone} initial={n.texts} />}</QueryState>;
}

function NoticeForm({ id, onDone, initial }: { id?: string; onDone: () => void; initial: PerLanguage<{ title: string; content: string }> }) {
  const t = useTranslations('content');
  const tc = useTranslations('common');
  const toast = useToast();
  const removedNote = useRemovedNote();
  const [texts, setTexts] = useState(initial);
  const save = useConsoleMutation(api.saveNotice, [api.notices, api.notice], (saved) => {
    toast(removedNote(saved));
    onDone();
  });
  const set = (l: ConsoleLanguage, key: 'title' | 'content', value: string) =>
    setTexts((all) => ({ ...all, [l]: { title: '', content: '', ...all[l], [key]: value } }));
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const chosen = filled(texts, (v) => Boolean(v.title.trim() || v.content.trim()));
        save.mutate({ id, texts: chosen as { zh: { title: string; content: string } } });
      }}
    >
      <h3 className="text-sm font-semibold">{id ? t('editNotice', { id }) : t('newNotice')}</h3>
      <LanguageColumns>
        {(l) => (
          <>
            <Field label={t('noticeTitle')}>
              <TextInput name={`title-${l}`} value={texts[l]?.title ?? ''} onChange={(e) => set(l, 'title', e.target.value)} />
            </Field>
            <Field label={t('html')}>
              <TextArea name={`content-${l}`} rows={6} value={texts[l]?.content ?? ''} onChange={(e) => set(l, 'content', e.target.value)} />
            </Field>
            <div className="text-xs text-slate-500">{t('preview')}</div>
            <AppPreview title={texts[l]?.title} html={texts[l]?.content ?? ''} />
          </>
        )}
      </LanguageColumns>
      {save.error && <ErrorBox error={save.error} />}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('publish')}
        </Button>
        <Button tone="plain" onClick={onDone}>
          {tc('cancel')}
        </Button>
      </div>
    </form>
  );
}

export function AgreementEditor() {
  const t = useTranslations('content');
  const toast = useToast();
  const removedNote = useRemovedNote();
  const query = useConsoleQuery(api.agreement, {});
  const [texts, setTexts] = useState<PerLanguage<string> | null>(null);
  const shown = texts ?? query.data?.texts ?? {};
  const save = useConsoleMutation(api.setAgreement, [api.agreement], (saved) => {
    toast(removedNote(saved));
    setTexts(null);
  });
  return (
    <QueryState query={query}>
      {() => (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ texts: filled(shown, (v) => v.trim().length > 0) as { zh: string } });
          }}
        >
          <LanguageColumns>
            {(l) => (
              <>
                <TextArea name={`agreement-${l}`} rows={10} value={shown[l] ?? ''} onChange={(e) => setTexts({ ...shown, [l]: e.target.value })} />
                <div className="text-xs text-slate-500">{t('preview')}</div>
                <div className="max-h-80 overflow-y-auto">
                  <AppPreview html={shown[l] ?? ''} />
                </div>
              </>
            )}
          </LanguageColumns>
          {save.error && <ErrorBox error={save.error} />}
          <Button type="submit" disabled={save.isPending || texts === null}>
            {t('saveAgreement')}
          </Button>
        </form>
      )}
    </QueryState>
  );
}

/** A file read as base64 (without the data: prefix) for uploadBannerImage. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function BannerForm() {
  const t = useTranslations('content');
  const tl = useTranslations('languages');
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState('');
  const [position, setPosition] = useState('1');
  const [titles, setTitles] = useState<PerLanguage<string>>({});
  const upload = useConsoleMutation(api.uploadBannerImage, []);
  const add = useConsoleMutation(api.addBanner, [api.banners], () => {
    toast(t('bannerAdded'));
    setFile(null);
    setTitles({});
    setLink('');
  });
  // A local preview of the chosen file (blob:, allowed by the page's CSP), released when it changes.
  const localUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );
  const error = upload.error ?? add.error;
  return (
    <form
      className="space-y-3 rounded-md border border-dashed border-slate-300 p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        upload.reset();
        add.reset();
        const image = file ? (await upload.mutateAsync({ name: file.name, base64: await readBase64(file) }).catch(() => null))?.path : '';
        if (image === null || image === undefined) return;
        add.mutate({ image, link: link.trim(), position: Number(position) || 1, titles: filled(titles, (v) => v.trim().length > 0) as { zh: string } });
      }}
    >
      <h3 className="text-sm font-semibold">{t('newBanner')}</h3>
      <div className="grid gap-3 md:grid-cols-3">
        <Field label={t('image')}>
          <input type="file" accept="image/png,image/jpeg,image/webp" name="image" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
        </Field>
        <Field label={t('link')}>
          <TextInput name="link" value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://… / #/notice" />
        </Field>
        <Field label={t('position')}>
          <TextInput name="position" type="number" min={1} max={999} value={position} onChange={(e) => setPosition(e.target.value)} />
        </Field>
      </div>
      {localUrl && <img src={localUrl} alt="" className="max-h-40 rounded-md border border-slate-200" />}
      <div className="grid gap-3 md:grid-cols-5">
        {LANGUAGES.map((l) => (
          <Field key={l} label={`${t('bannerTitle')} · ${tl(l)}${l === 'zh' ? ' *' : ''}`}>
            <TextInput name={`banner-title-${l}`} value={titles[l] ?? ''} onChange={(e) => setTitles({ ...titles, [l]: e.target.value })} />
          </Field>
        ))}
      </div>
      {error && <ErrorBox error={error} />}
      <Button type="submit" disabled={upload.isPending || add.isPending}>
        {t('addBanner')}
      </Button>
    </form>
  );
}
