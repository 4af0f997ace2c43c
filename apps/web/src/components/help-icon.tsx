import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import type { ReactNode } from 'react';

/** The help icon of a page's header: a short text on hover or click. */
export function HelpIcon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Popover
      title={title}
      content={<div style={{ maxWidth: 360 }}>{children}</div>}
      trigger={['click', 'hover']}
    >
      <Button type="text" icon={<QuestionCircleOutlined />} aria-label={`Ayuda: ${title}`} />
    </Popover>
  );
}
