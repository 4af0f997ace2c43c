import { Flex } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list's filters in one wrapped row above its table: a `search` landmark named by `ariaLabel`. With
 * `etiquetados` (each field under its label, as `CampoFiltro` draws them) the fields line up by their
 * bottom edge, a little further apart.
 */
export function BarraFiltros({
  ariaLabel,
  etiquetados = false,
  children,
}: {
  ariaLabel?: string;
  etiquetados?: boolean;
  children: ReactNode;
}) {
  return (
    <Flex
      gap={etiquetados ? 12 : 8}
      wrap
      align={etiquetados ? 'end' : 'center'}
      style={{ marginBottom: 12 }}
      role="search"
      aria-label={ariaLabel}
    >
      {children}
    </Flex>
  );
}
