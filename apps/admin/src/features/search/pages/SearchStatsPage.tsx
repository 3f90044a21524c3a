import type { SearchStatsRow } from '@yaocai/domain';
import { Button, Card, DatePicker, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-page';
import { listSynonyms, type StatsQuery, useSearchStats } from '../api/search';
import { type SynonymDraft, SynonymModal } from '../components/SynonymModal';

/**
 * 商品 → 搜索词统计 (search:read): per day, the searches that found nothing (so the operator adds
 * an alias or the goods) and the most searched keywords. A keyword without an alias offers one,
 * prefilled, in one click; one with an alias opens it.
 */
export default function SearchStatsPage() {
  const [query, setQuery] = useState<StatsQuery>({ view: 'zero', page: 1, page_size: 20 });
  const { data, isFetching } = useSearchStats(query);
  const [draft, setDraft] = useState<SynonymDraft | null>(null);

  const openAlias = async (row: SearchStatsRow) => {
    if (row.synonym_id === null) return setDraft({ id: null, term: row.keyword });
    const found = await listSynonyms({ keyword: row.keyword, page: 1, page_size: 20 });
    setDraft(found.list.find((s) => s.id === row.synonym_id) ?? { id: null, term: row.keyword });
  };

  return (
    <Card title="搜索词统计" data-testid="admin-search-stats">
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          value={query.view}
          onChange={(view) => setQuery({ ...query, view: view as StatsQuery['view'], page: 1 })}
          options={[
            { value: 'zero', label: '无结果搜索' },
            { value: 'top', label: '热门搜索' },
          ]}
        />
        <DatePicker.RangePicker
          onChange={(range) =>
            setQuery({
              ...query,
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
              page: 1,
            })
          }
        />
        <Input.Search
          allowClear
          placeholder="搜索词"
          style={{ width: 200 }}
          onSearch={(keyword) => setQuery({ ...query, keyword: keyword.trim() || undefined, page: 1 })}
        />
      </Space>
      <ListTable<SearchStatsRow, StatsQuery>
        rowKey={(r) => `${r.day} ${r.keyword}`}
        source={{ query, onQuery: setQuery, data, loading: isFetching }}
        columns={[
          { title: '日期', dataIndex: 'day', width: 120 },
          { title: '搜索词', dataIndex: 'keyword' },
          { title: '搜索次数', dataIndex: 'searches', width: 100 },
          { title: '无结果次数', dataIndex: 'zero_results', width: 110 },
          {
            title: '操作',
            width: 130,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => openAlias(row)}>
                {row.synonym_id === null ? '添加同义词' : '编辑同义词'}
              </Button>
            ),
          },
        ]}
      />
      <SynonymModal draft={draft} onClose={() => setDraft(null)} />
    </Card>
  );
}
