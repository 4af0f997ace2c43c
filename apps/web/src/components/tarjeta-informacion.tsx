import { Button, Card, Descriptions, type DescriptionsProps } from 'antd';
import { type ReactNode, useId, useState } from 'react';

type Items = NonNullable<DescriptionsProps['items']>;

/** One field of the card: its label and value. */
export const dato = (label: string, value: ReactNode) => ({ key: label, label, children: value ?? '' });

/**
 * The information card of a record page (a procedure, an authorization, a master record): its main
 * fields, '(+) Más información' / '(-) Menos información' for the rest, then the fields always shown
 * at the end (long texts), and anything below them (an edit form).
 */
export function TarjetaInformacion({
  titulo,
  principal,
  mas,
  final = [],
  abierta = false,
  children,
}: {
  titulo: ReactNode;
  principal: Items;
  /** Shown only while expanded. */
  mas: Items;
  /** Always shown, after the others. */
  final?: Items;
  /** Whether it starts expanded. */
  abierta?: boolean;
  children?: ReactNode;
}) {
  const [expanded, setExpanded] = useState(abierta);
  const blockId = useId();
  return (
    <Card
      variant="borderless"
      size="small"
      title={titulo}
      extra={
        <Button
          type="link"
          size="small"
          aria-expanded={expanded}
          aria-controls={blockId}
          onClick={() => setExpanded((v) => !v)}
          style={{ paddingInline: 0 }}
        >
          {expanded ? '(-) Menos información' : '(+) Más información'}
        </Button>
      }
      styles={{ body: { padding: '12px 16px' } }}
      style={{ marginBottom: 16 }}
    >
      <div id={blockId}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[...principal, ...(expanded ? mas : []), ...final]}
        />
      </div>
      {children}
    </Card>
  );
}
