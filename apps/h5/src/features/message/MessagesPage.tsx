import type { MessageView } from '@yaocai/domain';
import { type MessageCategory, messageCategories } from '@yaocai/domain/api/message-categories';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Screen } from '../../components/Screen';
import { dateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useMessages, useReadMessages } from './api/messages';
import { mobileLink } from './mobile-link';

const tabs = [{ code: 'all', name: '全部' }, ...messageCategories] as const;

/** 消息: tabs by category with their unread counts; opening a message reads it; 全部已读. */
export default function MessagesPage() {
  const [search, setSearch] = useSearchParams();
  const tab = tabs.find((t) => t.code === search.get('tab'))?.code ?? 'all';
  const category = tab === 'all' ? undefined : (tab as MessageCategory);
  const messages = useMessages(category);
  const read = useReadMessages();
  const unread = messages.data?.unread;
  const unreadHere = category ? (unread?.by_category[category] ?? 0) : (unread?.total ?? 0);

  const readAll = async () => {
    await read.mutateAsync({ category });
    toast('已全部标为已读');
  };

  return (
    <Screen
      title="消息"
      right={
        <Button size="mini" fill="none" disabled={!unreadHere} loading={read.isPending} onClick={readAll}>
          全部已读
        </Button>
      }
    >
      <div className="m-tabs" role="tablist" aria-label="消息分类">
        {tabs.map((t) => {
          const count = t.code === 'all' ? (unread?.total ?? 0) : (unread?.by_category[t.code] ?? 0);
          return (
            <button
              key={t.code}
              type="button"
              role="tab"
              aria-selected={t.code === tab}
              onClick={() => setSearch({ tab: t.code }, { replace: true })}
            >
              {t.name}
              {count ? <span className="m-count">{count > 99 ? '99+' : count}</span> : null}
            </button>
          );
        })}
      </div>
      {/* The previous tab's messages stand in while this tab's load: the list says so. */}
      <section aria-busy={messages.isPending || messages.isPlaceholderData} data-testid="messages">
        {messages.isPending ? <DotLoading /> : null}
        {messages.data?.list.length === 0 && !messages.isPlaceholderData ? (
          <ErrorBlock status="empty" title="暂无消息" description="" />
        ) : null}
        {messages.data?.list.map((m) => (
          <MessageItem key={m.id} message={m} onOpen={() => read.mutate({ ids: [m.id] })} />
        ))}
      </section>
    </Screen>
  );
}

function MessageItem({ message, onOpen }: { message: MessageView; onOpen(): void }) {
  const [open, setOpen] = useState(false);
  const to = mobileLink(message.link);
  const toggle = () => {
    setOpen(!open);
    if (!open && !message.read) onOpen();
  };
  return (
    <article className={message.read ? 'm-message' : 'm-message m-message--unread'} data-testid="message">
      <button type="button" className="m-message__head" aria-expanded={open} onClick={toggle}>
        {message.read ? null : <span className="m-message__dot" role="img" aria-label="未读" />}
        <span className="m-message__title">{message.title}</span>
        <span className="m-message__meta">
          {message.category_name} · {dateTime(Date.parse(message.created_at) / 1000)}
        </span>
      </button>
      {open ? (
        <div className="m-message__body">
          <p>{message.body}</p>
          {to ? (
            <Link className="m-link" to={to}>
              查看详情
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
