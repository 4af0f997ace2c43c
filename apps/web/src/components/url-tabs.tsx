import { Card, Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router';
import { conPestana } from './list-params.ts';

/**
 * A record page's tabs, the active one in the URL (`?tab=`, an unknown one falls back to
 * `defaultKey`), each rendered when shown; changing tab starts the lists of the old one over.
 */
export function UrlTabs({
  items,
  defaultKey,
}: {
  items: NonNullable<TabsProps['items']>;
  defaultKey?: string;
}) {
  const [sp, setSp] = useSearchParams();
  const wanted = sp.get('tab');
  const active = items.some((i) => i.key === wanted) ? (wanted as string) : (defaultKey ?? items[0]?.key);
  return (
    <Card variant="borderless" styles={{ body: { padding: '4px 16px 16px' } }}>
      <Tabs
        activeKey={active}
        destroyOnHidden
        items={items}
        onChange={(key) => setSp((prev) => conPestana(prev, key), { replace: true })}
      />
    </Card>
  );
}
