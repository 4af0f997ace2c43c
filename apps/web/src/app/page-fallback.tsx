import { Flex, Spin } from 'antd';

/** Shown while a page's code is loading. */
export function PageFallback() {
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin size="large" description="Cargando..." />
    </Flex>
  );
}
