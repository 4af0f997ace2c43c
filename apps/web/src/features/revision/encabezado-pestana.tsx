import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A review tab's heading: its title, a line beneath on what it shows, and its controls on the right. */
export function EncabezadoPestana({
  titulo,
  descripcion,
  children,
}: {
  titulo: ReactNode;
  descripcion: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={8}>
      <Flex vertical gap={0}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {titulo}
        </Typography.Title>
        <Typography.Text type="secondary">{descripcion}</Typography.Text>
      </Flex>
      {children}
    </Flex>
  );
}
