import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, useDocumentTitle } from '../../app/brand.ts';

/**
 * Frame of the public account pages: the product name and one centred panel. Plain elements rather
 * than Card/Typography keep the /Login bundle small.
 */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={24}
      style={{
        minHeight: '100vh',
        padding: 24,
        background: 'linear-gradient(160deg, #e6f0ff 0%, #f5f7fa 60%)',
      }}
    >
      <Link to="/" style={{ fontSize: 22, fontWeight: 600 }}>
        {PRODUCT_NAME}
      </Link>
      <main
        style={{
          width: '100%',
          maxWidth: 420,
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1
          style={{
            fontSize: 22,
            fontWeight: 600,
            marginTop: 0,
            marginBottom: 24,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </h1>
        {children}
      </main>
    </Flex>
  );
}
