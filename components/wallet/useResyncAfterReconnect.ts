'use client';
import { useEffect, useRef } from 'react';
import { useConnection } from 'wagmi';

/**
 * An account switched in the wallet while wagmi was still reconnecting after a reload is lost: its
 * 'accountsChanged' arrives before the restored connection exists. Once reconnecting ends, read the
 * wallet's accounts again and pass a difference on as the event would have.
 */
export function useResyncAfterReconnect() {
  const { isReconnecting, connector, address } = useConnection();
  const wasReconnecting = useRef(false);
  useEffect(() => {
    if (isReconnecting) {
      wasReconnecting.current = true;
      return;
    }
    if (!wasReconnecting.current || !connector) return;
    wasReconnecting.current = false;
    void connector
      .getAccounts()
      .then((accounts) => {
        if (accounts[0] && accounts[0] !== address) connector.onAccountsChanged([...accounts]);
      })
      .catch(() => undefined);
  }, [isReconnecting, connector, address]);
}
