import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { bandKeys, fetchConnectUrl } from '../../api/band';

export type ConnectState =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'waiting' }
  /** The browser refused the popup: the URL is offered as a link instead. */
  | { step: 'blocked'; url: string }
  | { step: 'failed'; error: unknown };

/**
 * Opens BAND's authorize page (or the sandbox consent page) in a popup and refreshes the BAND
 * state when the popup reports back (`/band/authorize` posts `fc-band-auth`), closes, or the
 * console window regains focus.
 */
export function useConnectPopup(organizationId?: number) {
  const qc = useQueryClient();
  const [state, setState] = useState<ConnectState>({ step: 'idle' });
  const popup = useRef<Window | null>(null);
  const refresh = useCallback(() => qc.invalidateQueries({ queryKey: bandKeys.all }), [qc]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || (e.data as { type?: string } | null)?.type !== 'fc-band-auth') return;
      void refresh();
    };
    const onFocus = () => void refresh();
    window.addEventListener('message', onMessage);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  useEffect(() => {
    if (state.step !== 'waiting') return;
    const timer = window.setInterval(() => {
      if (!popup.current || popup.current.closed) {
        popup.current = null;
        setState({ step: 'idle' });
        void refresh();
      }
    }, 700);
    return () => window.clearInterval(timer);
  }, [state.step, refresh]);

  const start = useCallback(async () => {
    // Opened at the click (browsers allow a popup only then), pointed at BAND once the URL is known.
    const win = window.open('', 'fc-band-connect', 'popup,width=520,height=720');
    setState({ step: 'starting' });
    try {
      const { url } = await fetchConnectUrl(organizationId);
      if (!win || win.closed) {
        setState({ step: 'blocked', url });
        return;
      }
      win.location.href = new URL(url, window.location.origin).href;
      popup.current = win;
      setState({ step: 'waiting' });
    } catch (error) {
      win?.close();
      setState({ step: 'failed', error });
    }
  }, [organizationId]);

  return { state, start, reset: () => setState({ step: 'idle' }) };
}
