import type { TableColumnType } from 'antd';

/** The store a console row belongs to: its name, and its phone beneath in grey. */
export function storeColumn<Row extends { store_name: string; phone: string }>(): TableColumnType<Row> {
  return {
    title: '门店',
    render: (_, r) => (
      <>
        {r.store_name}
        <div className="ad-muted">{r.phone}</div>
      </>
    ),
  };
}
