'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { type Endpoint, type InputOf, type ReplyOf, endpoints } from '@/lib/api/contract';
import type { SignedAction } from '@/lib/api/purposes';
import { signChallenge } from '@/lib/auth/signed-nonce';
import { TIMING, createOneAtATime, createTapGuard } from '@/lib/timing';
import { useToast } from '../Toast';
import { useWallet } from '../wallet/WalletContext';
import { invalidateEndpoints } from './keys';
import { useApiRequest } from './useApiRequest';
import { useReportError } from './useReportError';

type Options = {
  /** Endpoints whose cached reads this action changes. */
  invalidates?: readonly Endpoint[];
  /** Message key of the success toast. */
  success?: string;
};

/**
 * The one path for an action on the API: guard (signed in on the right chain, not a double tap within
 * 300 ms, not already running) → for 'signed' endpoints, the server's challenge for this action signed in the
 * wallet → the call →
 * the success toast and invalidation. Failures are shown once (API replies by the request, wallet and
 * chain errors through the catalogue). `run` resolves to the reply, or undefined when nothing happened.
 */
export function useApiMutation<E extends Endpoint>(endpoint: E, opts: Options = {}) {
  const wallet = useWallet();
  const request = useApiRequest();
  const report = useReportError();
  const toast = useToast();
  const t = useTranslations();
  const client = useQueryClient();
  const guard = useMemo(() => createOneAtATime(createTapGuard(TIMING.doubleTapGuard)), []);
  const { success, invalidates } = opts;

  const mutation = useMutation({
    mutationFn: async (input: InputOf<E>): Promise<ReplyOf<E>> => {
      if (endpoint.access !== 'signed') return request(endpoint, input);
      // The server words the challenge from these same fields, and accepts its signature for them only.
      const purpose = endpoint.name as SignedAction;
      const signed = await signChallenge(() => request(endpoints.getNonce, { purpose, ...(input as object) }), wallet.signMessage);
      return request(endpoint, { ...(input as object), ...signed } as InputOf<E>);
    },
    onSuccess: async () => {
      if (success) toast.success(t(success));
      if (invalidates) await invalidateEndpoints(client, invalidates);
    },
    onError: report,
  });
  const { mutateAsync } = mutation;
  const { signedIn, status, connect } = wallet;

  const run = useCallback(
    async (input: InputOf<E>): Promise<ReplyOf<E> | undefined> => {
      // On the wrong chain the switch dialog is already open; signed out, connecting starts the sign-in.
      if (status === 'wrong-chain') return undefined;
      if (!signedIn) return void connect();
      return guard.run(() => mutateAsync(input).catch(() => undefined));
    },
    [connect, guard, mutateAsync, signedIn, status],
  );
  return { run, busy: mutation.isPending };
}
