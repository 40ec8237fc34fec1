'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleEndpoints as api } from '../../lib/console-api/contract';
import type { Role } from '../../lib/console-api/inputs';
import type { AdminGrant, OperatorChange, OperatorRow } from '../../lib/console-api/replies';
import { ROLE_LIST } from '../lib/constants';
import { short, utc } from '../lib/format';
import { useConsoleMutation, useConsoleQuery } from '../lib/queries';
import { useSession } from '../lib/session';
import { Badge, Button, Card, ErrorBox, Field, Mono, QueryState, TextInput } from '../ui/kit';
import { type Column, Table } from '../ui/Table';
import { useToast } from '../ui/Toast';

function RolePicker({ value, onChange }: { value: Role[]; onChange: (roles: Role[]) => void }) {
  const t = useTranslations('roles');
  return (
    <span className="flex flex-wrap gap-3 text-sm">
      {ROLE_LIST.map((r) => (
        <label key={r} className="flex items-center gap-1">
          <input type="checkbox" checked={value.includes(r)} onChange={(e) => onChange(e.target.checked ? [...value, r] : value.filter((x) => x !== r))} />
          {t(r)}
        </label>
      ))}
    </span>
  );
}

/** Who may use the console and with which roles (admin only); removing an operator ends their sessions. */
export function Operators() {
  const t = useTranslations('operators');
  const tr = useTranslations('roles');
  const toast = useToast();
  const { operator: me } = useSession();
  const query = useConsoleQuery(api.operators, {});
  const [editing, setEditing] = useState<{ address: string; roles: Role[] } | null>(null);
  const setRoles = useConsoleMutation(api.setOperatorRoles, [api.operators, api.adminGrants], (r: OperatorChange) => {
    toast(t(r.outcome === 'pending' ? 'pendingToast' : 'saved'));
    setEditing(null);
  });
  const remove = useConsoleMutation(api.removeOperator, [api.operators], () => toast(t('removed')));
  const [emailEdit, setEmailEdit] = useState<{ address: string; email: string } | null>(null);
  const setEmail = useConsoleMutation(api.setOperatorEmail, [api.operators], () => {
    toast(t('emailSaved'));
    setEmailEdit(null);
  });
  const columns: Column<OperatorRow>[] = [
    { key: 'address', header: t('address'), cell: (o) => <Mono>{o.address}</Mono> },
    {
      key: 'roles',
      header: t('roles'),
      cell: (o) =>
        editing?.address === o.address ? (
          <RolePicker value={editing.roles} onChange={(roles) => setEditing({ address: o.address, roles })} />
        ) : (
          <span className="flex flex-wrap gap-1">
            {o.roles.map((r) => (
              <Badge key={r} tone="indigo">
                {tr(r)}
              </Badge>
            ))}
          </span>
        ),
    },
    { key: 'note', header: t('note'), cell: (o) => o.note || '—' },
    {
      key: 'email',
      header: t('email'),
      cell: (o) =>
        emailEdit?.address === o.address ? (
          <form
            className="flex flex-wrap gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setEmail.mutate({ address: o.address, email: emailEdit.email });
            }}
          >
            <TextInput
              name="operator-email"
              type="email"
              placeholder={t('emailPlaceholder')}
              value={emailEdit.email}
              onChange={(e) => setEmailEdit({ address: o.address, email: e.target.value })}
            />
            <Button type="submit" disabled={setEmail.isPending}>
              {t('save')}
            </Button>
            <Button type="button" tone="plain" onClick={() => setEmailEdit(null)}>
              {t('cancel')}
            </Button>
          </form>
        ) : (
          <span className="flex flex-wrap items-center gap-2">
            {o.email ?? '—'}
            {o.active && (
              <Button tone="plain" onClick={() => setEmailEdit({ address: o.address, email: o.email ?? '' })}>
                {t('editEmail')}
              </Button>
            )}
          </span>
        ),
    },
    { key: 'active', header: t('state'), cell: (o) => (o.active ? <Badge tone="green">{t('active')}</Badge> : <Badge>{t('inactive')}</Badge>) },
    { key: 'added', header: t('added'), cell: (o) => `${utc(o.addedAt)} · ${o.addedBy ? short(o.addedBy) : t('cli')}` },
    {
      key: 'actions',
      header: '',
      cell: (o) =>
        !o.active ? null : editing?.address === o.address ? (
          <span className="flex gap-2">
            <Button disabled={setRoles.isPending} onClick={() => setRoles.mutate({ address: o.address, roles: editing.roles })}>
              {t('save')}
            </Button>
            <Button tone="plain" onClick={() => setEditing(null)}>
              {t('cancel')}
            </Button>
          </span>
        ) : (
          <span className="flex gap-2">
            <Button tone="plain" onClick={() => setEditing({ address: o.address, roles: o.roles })}>
              {t('editRoles')}
            </Button>
            {o.address.toLowerCase() !== me?.address.toLowerCase() && (
              <Button
                tone="danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(t('removeConfirm', { address: o.address }))) remove.mutate({ address: o.address });
                }}
              >
                {t('remove')}
              </Button>
            )}
          </span>
        ),
    },
  ];
  return (
    <div className="space-y-4">
      <Card title={t('title')}>
        <QueryState query={query}>{(rows) => <Table columns={columns} rows={rows} rowKey={(o) => o.address} />}</QueryState>
        {(setRoles.error || remove.error || setEmail.error) && (
          <div className="mt-3">
            <ErrorBox error={setRoles.error ?? remove.error ?? setEmail.error} />
          </div>
        )}
      </Card>
      <AdminGrants />
      <AddOperator />
    </div>
  );
}

/** Proposals to make an admin: a different admin confirms (the proposer cannot), any admin cancels. */
function AdminGrants() {
  const t = useTranslations('operators');
  const tr = useTranslations('roles');
  const toast = useToast();
  const { operator: me } = useSession();
  const query = useConsoleQuery(api.adminGrants, {});
  const confirm = useConsoleMutation(api.confirmAdminGrant, [api.operators, api.adminGrants], () => toast(t('confirmedToast')));
  const cancel = useConsoleMutation(api.cancelAdminGrant, [api.adminGrants], () => toast(t('cancelledToast')));
  const mine = (g: AdminGrant) => g.proposedBy.toLowerCase() === me?.address.toLowerCase();
  const columns: Column<AdminGrant>[] = [
    { key: 'address', header: t('address'), cell: (g) => <Mono>{g.address}</Mono> },
    { key: 'kind', header: t('kind'), cell: (g) => t(g.kind === 'add' ? 'kindAdd' : 'kindRoles') },
    {
      key: 'roles',
      header: t('roles'),
      cell: (g) => (
        <span className="flex flex-wrap gap-1">
          {g.roles.map((r) => (
            <Badge key={r} tone="indigo">
              {tr(r)}
            </Badge>
          ))}
        </span>
      ),
    },
    { key: 'proposed', header: t('proposedBy'), cell: (g) => `${utc(g.proposedAt)} · ${short(g.proposedBy)}` },
    {
      key: 'actions',
      header: '',
      cell: (g) => (
        <span className="flex items-center gap-2">
          {mine(g) ? (
            <span className="text-xs text-slate-500">{t('yours')}</span>
          ) : (
            <Button disabled={confirm.isPending} onClick={() => confirm.mutate({ id: g.id })}>
              {t('confirm')}
            </Button>
          )}
          <Button tone="plain" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: g.id })}>
            {t('cancelGrant')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <Card title={t('grantsTitle')}>
      <p className="mb-3 text-sm text-slate-500">{t('grantsHint')}</p>
      <QueryState query={query}>
        {(rows) => (rows.length ? <Table columns={columns} rows={rows} rowKey={(g) => g.id} /> : <p className="text-sm">{t('noGrants')}</p>)}
      </QueryState>
      {(confirm.error || cancel.error) && (
        <div className="mt-3">
          <ErrorBox error={confirm.error ?? cancel.error} />
        </div>
      )}
    </Card>
  );
}

function AddOperator() {
  const t = useTranslations('operators');
  const toast = useToast();
  const [address, setAddress] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [note, setNote] = useState('');
  const add = useConsoleMutation(api.addOperator, [api.operators, api.adminGrants], (r: OperatorChange) => {
    toast(t(r.outcome === 'pending' ? 'pendingToast' : 'addedToast'));
    setAddress('');
    setRoles([]);
    setNote('');
  });
  return (
    <Card title={t('add')}>
      <form
        className="grid gap-3 md:grid-cols-[2fr_auto_1fr_auto] md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ address: address.trim(), roles, note });
        }}
      >
        <Field label={t('address')}>
          <TextInput name="operator-address" value={address} onChange={(e) => setAddress(e.target.value)} placeholder="0x…" />
        </Field>
        <Field label={t('roles')}>
          <RolePicker value={roles} onChange={setRoles} />
        </Field>
        <Field label={t('note')}>
          <TextInput value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {t('addButton')}
        </Button>
      </form>
      {add.error && (
        <div className="mt-3">
          <ErrorBox error={add.error} />
        </div>
      )}
    </Card>
  );
}
