import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, useDocumentTitle } from '../../app/brand.ts';

/** Frame of the public account pages: the product name and one centred card. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
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
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <main>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0, marginBottom: 24 }}>
            {title}
          </Typography.Title>
          {children}
        </main>
      </Card>
    </Flex>
  );
}
