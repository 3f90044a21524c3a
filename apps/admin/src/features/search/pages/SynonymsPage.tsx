import type { SynonymView } from '@yaocai/domain';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { ListPage, useListQuery, useRowAction } from '../../../components/list-page';
import { type SynonymQuery, useDeleteSynonym, useSynonyms } from '../api/search';
import { type SynonymDraft, SynonymModal } from '../components/SynonymModal';

/** 商品 → 搜索同义词 (search:read; changes search:write): the aliases the shop's search expands. */
export default function SynonymsPage() {
  const [query, setQuery] = useListQuery<SynonymQuery>({ page: 1, page_size: 20 });
  const { data, isFetching } = useSynonyms(query);
  const remove = useDeleteSynonym();
  const [draft, setDraft] = useState<SynonymDraft | null>(null);

  const run = useRowAction();
  const onDelete = (id: number) => run(() => remove.mutateAsync({ id }), '删除失败', '已删除');

  return (
    <ListPage<SynonymView, SynonymQuery>
      title="搜索同义词"
      testId="admin-synonyms"
      source={{ query, onQuery: setQuery, data, loading: isFetching }}
      search={{ placeholder: '搜索词或同义词', width: 260 }}
      toolbar={
        <Button type="primary" onClick={() => setDraft({ id: null })} data-testid="admin-synonym-add">
          新增同义词
        </Button>
      }
      columns={[
        { title: '搜索词', dataIndex: 'term', width: 160 },
        {
          title: '同时搜索',
          render: (_, s) => s.expansions.map((e) => <Tag key={e}>{e}</Tag>),
        },
        {
          title: '方向',
          width: 90,
          render: (_, s) => (s.two_way ? <Tag color="green">双向</Tag> : <Tag>单向</Tag>),
        },
        {
          title: '操作',
          width: 130,
          render: (_, s) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setDraft(s)}>
                编辑
              </Button>
              <Popconfirm title={`确定删除「${s.term}」的同义词？`} onConfirm={() => onDelete(s.id)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    >
      <SynonymModal draft={draft} onClose={() => setDraft(null)} />
    </ListPage>
  );
}
