'use client';
import { connect, signMessage, switchChain } from 'wagmi/actions';
import { useTranslations } from 'next-intl';
import { Suspense, lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Address, SignableMessage } from 'viem';
import { type Config, type Connector, useConnection, useConnectors } from 'wagmi';
import { endpoints } from '@/lib/api/contract';
import { type AuthOutcome, clearSession, createAuth, hasSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { classifyError } from '@/lib/errors/catalogue';
import { TIMING } from '@/lib/timing';
import { addChainParams, isUnknownChain } from '@/lib/wallet/chain';
import { waitForWallet } from '@/lib/wallet/detect';
import { readInjected } from '@/lib/wallet/injected';
import { onSessionFlow } from '../api/session-flow';
import { useApiRequest } from '../api/useApiRequest';
import { useReportError } from '../api/useReportError';
import { useToast } from '../Toast';
import { BindInviterDialog } from './BindInviterDialog';
import { ConnectDialog } from './ConnectDialog';
import type { ConnectIntent, Intent, WalletApi, WalletStatus } from './WalletContext';
import { SwitchChainDialog } from './SwitchChainDialog';
import { initialSession, resultOf, sessionReducer, signsInBySelf, stageOf } from './session-machine';
import { useAccountSwitchNotice } from './useAccountSwitchNotice';
import { useResyncAfterReconnect } from './useResyncAfterReconnect';
import { useSkipsUserCheck } from './useSkipsUserCheck';

// Its own chunk (and qrcode's), fetched only when a connect tap finds no wallet.
const NoWallet = lazy(() => import('./no-wallet/NoWallet'));

/**
 * Connection, sign-in and signing with wagmi; publishes its API to WalletProvider and renders the wallet dialogs.
 * Where the session stands is the machine in `session-machine.ts`; this component tells it what wagmi and the
 * sign-in calls say, and reads everything it publishes from it.
 */
export function WalletSession({ config, onApi, connectIntentRef }: { config: Config; onApi: (api: WalletApi) => void; connectIntentRef: ConnectIntent }) {
  const t = useTranslations();
  const toast = useToast();
  const connection = useConnection();
  const connectors = useConnectors();
  useResyncAfterReconnect();
  const skipUserCheck = useSkipsUserCheck();
  const address = connection.address;
  const wrongChain = connection.isConnected && connection.chainId !== env.chainId;
  // While wagmi reconnects after a reload it reports isConnected with the connector restored from storage, a
  // plain stub that cannot sign yet: count that as still connecting, or a login started then fails.
  const status: WalletStatus =
    connection.isReconnecting || connection.isConnecting ? 'connecting' : !connection.isConnected ? 'disconnected' : wrongChain ? 'wrong-chain' : 'connected';
  const wallet = { status, address };
  const [machine, dispatch] = useReducer(sessionReducer, wallet, initialSession);
  const stage = stageOf(machine, wallet);
  const signedIn = stage === 'signed-in';
  // Connected (by the chooser or by the wallet itself): the chooser is closed before any other dialog opens.
  const chooserOpen = machine.chooserOpen && status !== 'connected';
  const [bindOpen, setBindOpen] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [inviterRefusal, setInviterRefusal] = useState('');
  const [detecting, setDetecting] = useState(false);
  const [noWallet, setNoWallet] = useState(false);
  const client = useQueryClient();
  const request = useApiRequest(address);
  const report = useReportError();

  useEffect(() => dispatch({ type: 'wallet', status, address }), [status, address]);

  const sign = useCallback(
    (message: SignableMessage) => {
      if (!address) throw new Error('no wallet address');
      return signMessage(config, { account: address, message });
    },
    [address, config],
  );

  const auth = useMemo(
    () =>
      createAuth({
        call: (endpoint, input) => request(endpoint, input, { quiet: true }),
        signMessage: sign,
        showRefusal: setInviterRefusal,
        storage: window.sessionStorage,
        reload: () => window.location.reload(),
        schedule: (fn, ms) => void setTimeout(fn, ms),
        openBindInviter: () => setBindOpen(true),
        loading: () => toast.loading(t('common.loading')),
      }),
    [request, sign, t, toast],
  );

  // Every sign-in, login again and registration ends here; the storage says whether it left a session.
  const finish = useCallback(
    (flow: 'sign-in' | 'register', to: Address, outcome: AuthOutcome) => {
      if (outcome === 'busy') return;
      const result = resultOf(flow, outcome, hasSession(window.sessionStorage, to));
      dispatch({ type: 'finished', address: to, result });
      if (flow === 'sign-in' && outcome === 'failed') toast.show(t('session.failedToast'));
    },
    [t, toast],
  );
  const signInNow = useCallback(
    (to: Address) => {
      dispatch({ type: 'sign-in-requested', address: to });
      return auth.ensureSignedIn(to).then((outcome) => finish('sign-in', to, outcome));
    },
    [auth, finish],
  );

  // 301 / 302 from any call: clear the session, then register or log in again (not after the member signed out).
  const answersSessionFlow = status === 'connected' && stage !== 'signed-out';
  useEffect(
    () =>
      onSessionFlow((kind) => {
        if (!address || !answersSessionFlow) return;
        if (kind === 'register') {
          clearSession(window.sessionStorage);
          setBindOpen(true);
        } else {
          dispatch({ type: 'sign-in-requested', address });
          void auth.relogin(address).then((outcome) => finish('sign-in', address, outcome));
        }
      }),
    [address, answersSessionFlow, auth, finish],
  );

  // Connected on the right chain and not asked yet: user check, then login (or the skip rule). /manager skips
  // the check: the contract's owner need not be a registered user. Once asked the stage is no longer
  // 'connected', so this starts one sign-in; a declined signature is asked again by a tap, never by itself.
  const autoSignIn = signsInBySelf(machine, wallet) && !skipUserCheck;
  useEffect(() => {
    if (autoSignIn && address) void signInNow(address);
  }, [autoSignIn, address, signInNow]);

  useAccountSwitchNotice(address, signedIn);

  // One connection request at a time: a wallet that never answers (MetaMask iOS after a tab restore) must
  // not collect a queue of them; after TIMING.walletAnswer the user is told and may tap again.
  const asking = useRef(false);
  const connectWith = useCallback(
    async (connector: Connector) => {
      dispatch({ type: 'chooser', open: false });
      if (asking.current) return toast.show(t('errors.requestPending'));
      asking.current = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const noAnswer = new Promise<'no-answer'>((resolve) => (timer = setTimeout(() => resolve('no-answer'), TIMING.walletAnswer)));
      try {
        // No chainId here: a wallet on another chain gets the explicit switch prompt.
        const request = connect(config, { connector });
        request.catch(() => undefined); // answered after the timeout: nothing left to report
        const outcome = await Promise.race([request, noAnswer]);
        if (outcome === 'no-answer') {
          toast.show(t('errors.walletNoAnswer'));
          // wagmi keeps waiting for that request; until it answers the app shows 'connect' again.
          config.setState((state) => ({ ...state, status: state.current ? 'connected' : 'disconnected' }));
        }
      } catch (error) {
        report(error);
      } finally {
        clearTimeout(timer);
        asking.current = false;
      }
    },
    [config, report, t, toast],
  );

  const startConnect = useCallback(async () => {
    const hasInjected = () => Boolean(readInjected()) || config.connectors.some((c) => c.id !== 'injected' && c.id !== 'burner');
    setDetecting(true);
    const found = await waitForWallet(hasInjected).finally(() => setDetecting(false));
    const usable = config.connectors.filter((c) => c.id !== 'injected' || Boolean(readInjected()));
    // No wallet in this browser: the ways to open this page in one, unless the build offers the burner wallet
    // (local builds), whose chooser opens instead.
    if (!found && !usable.some((c) => c.id === 'burner')) return setNoWallet(true);
    if (found && usable.length === 1 && usable[0]) return connectWith(usable[0]);
    // Several wallets, or only the local burner: let the user choose.
    if (usable.length > 0) dispatch({ type: 'chooser', open: true });
  }, [config, connectWith]);

  const switchToAppChain = useCallback(async () => {
    try {
      await switchChain(config, { chainId: env.chainId });
    } catch (error) {
      const outcome = classifyError(error);
      if (outcome.kind === 'silent') return;
      if (outcome.kind === 'toast' && outcome.key === 'requestPending') return report(error);
      if (!isUnknownChain(error)) console.warn('switch failed, trying wallet_addEthereumChain', error);
      // Unknown chain (4902, sometimes nested in -32603) or a switch that failed otherwise: add it, then switch.
      const provider = (await connection.connector?.getProvider()) as { request: (a: { method: string; params: unknown[] }) => Promise<unknown> } | undefined;
      try {
        await provider?.request({ method: 'wallet_addEthereumChain', params: [addChainParams(env)] });
        await switchChain(config, { chainId: env.chainId });
      } catch (second) {
        report(second);
      }
    }
  }, [config, connection.connector, report]);

  // Connected on the right chain without a session (a declined or failed signature, or signed out): the
  // action that needs one asks for the signature again instead of connecting a connected wallet.
  const connectOrSignIn = useCallback(() => {
    if (status === 'connected' && address && !signedIn) return void signInNow(address);
    void startConnect();
  }, [address, signInNow, signedIn, startConnect, status]);

  const signOut = useCallback(async () => {
    if (!address) return;
    dispatch({ type: 'signed-out', address });
    // The server forgets the session if it can be reached; this browser forgets it in any case.
    await request(endpoints.logout, {}, { quiet: true }).catch(() => undefined);
    clearSession(window.sessionStorage);
    client.removeQueries({ predicate: (query) => query.queryKey[2] === address });
    toast.show(t('session.signedOutToast'));
  }, [address, client, request, t, toast]);

  const api: WalletApi = useMemo(
    () => ({
      address,
      status,
      signedIn,
      signingIn: stage === 'signing-in',
      signInFailed: stage === 'declined',
      detecting,
      config,
      loadStack: noop,
      connect: connectOrSignIn,
      signOut: () => void signOut(),
      signMessage: sign,
    }),
    [address, status, signedIn, stage, detecting, config, connectOrSignIn, signOut, sign],
  );
  useEffect(() => onApi(api), [api, onApi]);

  // The wallet stack was loaded by a tap on 'connect wallet' (or a probe): carry that out, and any intent that
  // arrives while this session is mounted.
  useEffect(() => {
    const carryOut = (intent: Intent) => {
      const injected = config.connectors.find((c) => c.id === 'injected');
      // A wallet that already grants this site connects with no chooser and no prompt.
      if (intent === 'granted' && injected) void Promise.resolve().then(() => connectWith(injected));
      else void Promise.resolve().then(startConnect);
    };
    const pending = connectIntentRef.current;
    connectIntentRef.current = null;
    if (pending) carryOut(pending);
    connectIntentRef.carryOut = carryOut;
    return () => {
      if (connectIntentRef.carryOut === carryOut) connectIntentRef.carryOut = undefined;
    };
  }, [config, connectIntentRef, connectWith, startConnect]);

  return (
    <>
      {noWallet && (
        <Suspense fallback={null}>
          <NoWallet onClose={() => setNoWallet(false)} />
        </Suspense>
      )}
      <ConnectDialog open={chooserOpen} connectors={connectors} onPick={connectWith} onClose={() => dispatch({ type: 'chooser', open: false })} />
      <SwitchChainDialog open={status === 'wrong-chain'} onSwitch={switchToAppChain} />
      <BindInviterDialog
        open={bindOpen && Boolean(address) && !chooserOpen}
        busy={registering}
        refusal={inviterRefusal}
        onEdit={() => setInviterRefusal('')}
        onClose={() => setBindOpen(false)}
        onSubmit={async (inviter) => {
          if (!address) return;
          setInviterRefusal('');
          setRegistering(true);
          const outcome = await auth.register(address, inviter);
          setRegistering(false);
          // The dialog stays open, with what the user typed, until the registration went through.
          if (outcome === 'logged-in') setBindOpen(false);
          finish('register', address, outcome);
        }}
      />
    </>
  );
}

const noop = () => undefined;
