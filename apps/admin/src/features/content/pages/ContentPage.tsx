import { contentKindNames, contentKinds } from '@yaocai/domain';
import { Card, Tabs } from 'antd';
import { ContentTab } from '../components/ContentTab';

/** Site content (内容管理): banners and ads, nav, hot searches, links, help articles; live in the shop at once. */
export default function ContentPage() {
  return (
    <Card title="内容管理" data-testid="admin-content">
      <Tabs
        items={contentKinds.map((kind) => ({
          key: kind,
          label: contentKindNames[kind],
          children: <ContentTab kind={kind} />,
        }))}
        destroyInactiveTabPane
      />
    </Card>
  );
}
