import { MSG } from '@app/domain';
import { Button, Flex, Typography } from 'antd';

/**
 * Last resort for a page that failed to load or render (a new release, a lost connection, a bug).
 * Kept light on purpose: it lives in the entry chunk.
 */
export function RouteError() {
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '64px 24px', textAlign: 'center' }} role="alert">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        No se pudo mostrar la página
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{MSG.errorInterno}</Typography.Paragraph>
      <Button type="primary" onClick={() => window.location.reload()}>
        Recargar la página
      </Button>
    </Flex>
  );
}
