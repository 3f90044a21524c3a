import { type ActivitySectionView, type AdminActivityPageView, beijingDateTimeText } from '@yaocai/domain';
import { Alert, Drawer, Empty, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useActivityPagePreview, usePreviewStores } from '../api/activity-pages';

type GoodsRow = Extract<ActivitySectionView, { type: 'goods' }>['goods'][number];

function PreviewSection({ section }: { section: ActivitySectionView }) {
  switch (section.type) {
    case 'banner':
      return <img src={section.image} alt={section.alt || '活动横幅'} style={{ width: '100%' }} />;
    case 'countdown':
      return <Alert type="warning" message={`${section.title}：截至 ${beijingDateTimeText(section.to)}`} />;
    case 'notice':
      return <Alert type="info" message={section.title || '公告'} description={section.text} />;
    case 'coupons':
      return (
        <div>
          <h4>{section.title}</h4>
          {section.coupons.map((c) => (
            <Tag key={c.id} color="red">
              {c.name}（满{c.threshold}减{c.amount}）
            </Tag>
          ))}
        </div>
      );
    default:
      return (
        <Table<GoodsRow>
          size="small"
          rowKey="id"
          pagination={false}
          title={() => section.title}
          dataSource={section.goods}
          data-testid="admin-preview-goods"
          columns={[
            { title: '商品', render: (_, g) => `${g.name} ${g.ypgg}` },
            {
              title: '该门店看到的价格',
              render: (_, g) => (g.base_price === null ? g.price_tip : `¥${g.base_price.toFixed(2)}`),
            },
            {
              title: '经营范围',
              render: (_, g) =>
                g.in_scope === false ? (
                  <Tag color="orange">{g.scope_message ?? '超出经营范围'}</Tag>
                ) : (
                  <Tag color="green">可购</Tag>
                ),
            },
          ]}
        />
      );
  }
}

/**
 * The page as a chosen store would get it: the server renders it with that store's standing
 * (prices, eligibility); the operator does not sign in as the store.
 */
export function PreviewDrawer({ page, onClose }: { page: AdminActivityPageView; onClose: () => void }) {
  const [word, setWord] = useState('');
  const [userId, setUserId] = useState<number>();
  const stores = usePreviewStores(word);
  const preview = useActivityPagePreview(page.id, userId);
  return (
    <Drawer open width={860} title={`预览：${page.title}`} onClose={onClose}>
      <Select
        showSearch
        filterOption={false}
        onSearch={setWord}
        value={userId}
        onChange={setUserId}
        placeholder="选择门店（按门店或企业名称搜索）"
        aria-label="预览门店"
        style={{ width: 420, marginBottom: 16 }}
        options={(stores.data ?? []).map((s) => ({
          value: s.id,
          label: `${s.store_name}（${s.company_name}）`,
        }))}
      />
      {!userId ? (
        <Empty description="选择一个门店，按它的价格与资质预览页面" />
      ) : (
        preview.data && (
          <div style={{ display: 'grid', gap: 12 }} data-testid="admin-preview">
            {preview.data.notice && (
              <Alert type="info" showIcon message={`买家现在看到：${preview.data.notice.text}`} />
            )}
            {preview.data.sections.map((s, i) => (
              <PreviewSection key={`${s.type}-${i}`} section={s} />
            ))}
          </div>
        )
      )}
    </Drawer>
  );
}
