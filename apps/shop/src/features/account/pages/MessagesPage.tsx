import { beijingIsoText, type MessageCategory, type MessageView, messageCategories } from '@yaocai/domain';
import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Badge, Button, Empty, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { LightList, LightListItem } from '../../../components/LightList';
import { LightTabs } from '../../../components/LightTabs';
import { useMyMessages, useReadMessages } from '../api/messages';

const time = beijingIsoText;

const categoryColor: Record<string, string> = {
  order: 'blue',
  after_sale: 'orange',
  account: 'purple',
  service: 'cyan',
  promotion: 'red',
  system: 'default',
};

/**
 * /wdxx 我的消息: what happened to the store's orders, requests, licences and favourites, by
 * category, unread first to the eye; reading one (or all) updates the side bar's badge at once.
 */
export default function MessagesPage() {
  const { message } = useFeedback();
  const [category, setCategory] = useState<MessageCategory | undefined>();
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const list = useMyMessages({ category, unread, page });
  const read = useReadMessages();
  const counts = list.data?.unread;

  const open = (m: MessageView) => {
    if (!m.read) read.mutate({ ids: [m.id] });
  };
  const readAll = async () => {
    try {
      const done = await read.mutateAsync(category ? { category } : {});
      message.success(done.updated > 0 ? `已将${done.updated}条消息标为已读` : '没有未读消息');
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) message.error(text);
    }
  };
  // Each tab's panel: the list of its category's messages.
  const messages = (
    // Busy while another tab's or page's messages are still shown in place of this one's.
    <div data-testid="message-list" aria-busy={list.isPending || list.isPlaceholderData}>
      <LightList<MessageView>
        loading={list.isPending || list.isPlaceholderData}
        items={list.data?.list ?? []}
        rowKey={(m) => m.id}
        empty={<Empty description={unread ? '没有未读消息' : '暂无消息'} />}
        pagination={
          (list.data?.total ?? 0) > 10 && {
            current: page,
            pageSize: 10,
            total: list.data?.total ?? 0,
            onChange: setPage,
          }
        }
        renderItem={(m) => (
          <LightListItem
            data-testid="message-item"
            data-read={m.read ? '1' : '0'}
            onClick={() => open(m)}
            style={{ cursor: m.read ? 'default' : 'pointer' }}
            actions={
              m.link
                ? [
                    <Link key="go" to={m.link} onClick={() => open(m)}>
                      查看详情
                    </Link>,
                  ]
                : []
            }
            avatar={<Badge dot={!m.read} offset={[-2, 2]} status={m.read ? 'default' : 'error'} />}
            title={
              <Space size={8}>
                <Tag color={categoryColor[m.category]}>{m.category_name}</Tag>
                <span style={{ fontWeight: m.read ? 'normal' : 600 }}>{m.title}</span>
                <span style={{ color: '#707070', fontWeight: 'normal', fontSize: 12 }}>
                  {time(m.created_at)}
                </span>
              </Space>
            }
            description={<span style={{ color: m.read ? '#707070' : '#333' }}>{m.body}</span>}
          />
        )}
      />
    </div>
  );
  const tab = (code: string, name: string, n = 0) => ({
    key: code,
    label: (
      <Badge count={n} size="small" offset={[8, -2]} overflowCount={99}>
        <span>{name}</span>
      </Badge>
    ),
    children: messages,
  });

  return (
    <Card
      className="sh-container sh-page"
      title="我的消息"
      data-testid="messages-page"
      extra={
        <Space>
          <span>只看未读</span>
          <Switch
            size="small"
            aria-label="只看未读"
            checked={unread}
            onChange={(on) => {
              setUnread(on);
              setPage(1);
            }}
            data-testid="messages-unread-only"
          />
          <Button
            onClick={readAll}
            loading={read.isPending}
            disabled={!counts || (category ? !counts.by_category[category] : counts.total === 0)}
            data-testid="messages-read-all"
          >
            全部标为已读
          </Button>
        </Space>
      }
    >
      <LightTabs
        label="消息分类"
        className="sh-tabs--line"
        activeKey={category ?? 'all'}
        onChange={(k) => {
          setCategory(k === 'all' ? undefined : (k as MessageCategory));
          setPage(1);
        }}
        items={[
          tab('all', '全部', counts?.total),
          ...messageCategories.map((c) => tab(c.code, c.name, counts?.by_category[c.code])),
        ]}
      />
    </Card>
  );
}
