import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A filter control under its visible label; the control names itself by the label
 * (`aria-labelledby={id}`).
 */
export function CampoFiltro({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text id={id}>{label}</Typography.Text>
      {children}
    </Flex>
  );
}
