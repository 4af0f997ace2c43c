import { Layout } from 'antd';
import type { ReactNode } from 'react';

/**
 * The header bar of a page outside the signed-in shell (the home page, the registration steps): the
 * product (`marca`) on the left, what the page offers (`children`) on the right.
 */
export function CabeceraPublica({ marca, children }: { marca: ReactNode; children?: ReactNode }) {
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        paddingInline: 24,
      }}
    >
      {marca}
      {children}
    </Layout.Header>
  );
}
