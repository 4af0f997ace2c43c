import { MSG } from '@app/domain/messages';
import { Button, Flex } from 'antd';

/**
 * Last resort for a page that failed to load or render (a new release, a lost connection, a bug).
 * Plain elements on purpose: it lives in the entry chunk.
 */
export function RouteError() {
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '64px 24px', textAlign: 'center' }} role="alert">
      <h1 style={{ fontSize: 24, margin: 0 }}>No se pudo mostrar la página</h1>
      <p style={{ margin: 0 }}>{MSG.errorInterno}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        Recargar la página
      </Button>
    </Flex>
  );
}
