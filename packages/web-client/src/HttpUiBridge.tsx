import { clientMessages } from '@yaocai/domain/api/codes';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useFeedback } from './feedback';
import type { HttpClient } from './http-client';

interface Props {
  client: Pick<HttpClient, 'setHttpUi'>;
  /** The app's data router (or anything that navigates to a router path). */
  router: { navigate(to: string): unknown };
}

/**
 * Binds an SPA's http client to antd (toast = message, alert = Modal, the time-out alert with
 * its refresh button) and to the app's router. Rendered once inside FeedbackProvider.
 */
/** The refusal dialogs on screen, by title and text. */
const openAlerts = new Set<string>();

export function HttpUiBridge({ client, router }: Props) {
  const { message, modal } = useFeedback();
  useEffect(() => {
    client.setHttpUi({
      toast: (text) => void message.warning(text),
      alert: (title, text) => {
        // Calls refused for the same reason at once (a page's parallel reads) show one dialog.
        const key = `${title}\u0000${text}`;
        if (openAlerts.has(key)) return;
        openAlerts.add(key);
        modal.warning({ title, content: text, okText: '知道了', afterClose: () => openAlerts.delete(key) });
      },
      timeout: (text) =>
        void modal.error({
          title: clientMessages.alertTitle,
          content: text,
          closable: false,
          keyboard: false,
          footer: (
            <div style={{ textAlign: 'right', marginTop: 16 }}>
              <Button type="primary" onClick={() => window.location.reload()}>
                刷新
              </Button>
            </div>
          ),
        }),
      navigate: (to) => void router.navigate(to),
    });
  }, [client, router, message, modal]);
  return null;
}
