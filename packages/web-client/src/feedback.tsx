import { type ModalFuncProps, message, theme } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ConfigUpdate } from 'antd/es/modal/confirm';
import type { HookAPI } from 'antd/es/modal/useModal';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { guardDialogOk } from './dialog-ok';

type DialogKind = 'info' | 'success' | 'error' | 'warning' | 'confirm';

/** What opening a dialog returns: close it, or change it while it is open. */
export interface DialogHandle {
  destroy(): void;
  update(config: ConfigUpdate): void;
}

/** antd's modal functions (`modal.confirm({...})`), with the dialog code loaded on first use. */
export type Dialogs = Record<DialogKind, (config: ModalFuncProps) => DialogHandle>;

export interface Feedback {
  /** antd's message toasts. */
  message: MessageInstance;
  modal: Dialogs;
}

const FeedbackContext = createContext<Feedback | null>(null);

/** The app's toasts and dialogs (in place of antd's `App.useApp()`). */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside <FeedbackProvider>');
  return feedback;
}

const ModalHost = lazy(() => import('./ModalHost'));

/**
 * antd's App, lighter: the message toasts are ready at once, the Modal code (dialog, skeleton,
 * motion) is fetched when the first dialog opens, so it stays out of the SPAs' first load. A
 * dialog asked for meanwhile opens as soon as it arrives. The wrapper sets the text style antd's
 * App gives its children (colour, size, line height, font of the theme).
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [messageApi, messageHolder] = message.useMessage();
  const [hostWanted, setHostWanted] = useState(false);
  const host = useRef<HookAPI | null>(null);
  const waiting = useRef<((api: HookAPI) => void)[]>([]);
  const toasts = useRef<MessageInstance | null>(null);
  toasts.current = messageApi;

  const modal = useMemo<Dialogs>(() => {
    const open =
      (kind: DialogKind) =>
      (config: ModalFuncProps): DialogHandle => {
        let dialog: DialogHandle | null = null;
        let destroyed = false;
        const updates: ConfigUpdate[] = [];
        const show = (api: HookAPI) => {
          if (destroyed) return;
          const opened = api[kind](guardDialogOk(config, (text) => toasts.current?.error(text)));
          // antd's await mode: a refused OK keeps the dialog open without rethrowing the refusal.
          void opened.then(
            () => undefined,
            () => undefined,
          );
          dialog = opened;
          for (const update of updates) dialog.update(update);
        };
        if (host.current) show(host.current);
        else {
          waiting.current.push(show);
          setHostWanted(true);
        }
        return {
          destroy: () => {
            destroyed = true;
            dialog?.destroy();
          },
          update: (update) => {
            if (dialog) dialog.update(update);
            else updates.push(update);
          },
        };
      };
    return {
      info: open('info'),
      success: open('success'),
      error: open('error'),
      warning: open('warning'),
      confirm: open('confirm'),
    };
  }, []);

  const hostReady = useCallback((api: HookAPI) => {
    host.current = api;
    for (const show of waiting.current.splice(0)) show(api);
  }, []);

  const value = useMemo(() => ({ message: messageApi, modal }), [messageApi, modal]);
  return (
    <FeedbackContext.Provider value={value}>
      <div
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {children}
      </div>
      {messageHolder}
      {hostWanted && (
        <Suspense fallback={null}>
          <ModalHost onReady={hostReady} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}
