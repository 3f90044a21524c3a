import { App, Button } from 'antd';
import { useEffect } from 'react';
import { setHttpUi } from '../lib/http';
import { router } from './router';

/** Binds the console's http client to antd messages and the router. */
export function HttpUiBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setHttpUi({
      toast: (text) => void message.warning(text),
      alert: (title, text) => void modal.warning({ title, content: text, okText: '知道了' }),
      timeout: (text) =>
        void modal.error({
          title: '温馨提示',
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
      toLogin: () => {
        if (!router.state.location.pathname.startsWith('/login')) void router.navigate('/login');
      },
    });
  }, [message, modal]);
  return null;
}
