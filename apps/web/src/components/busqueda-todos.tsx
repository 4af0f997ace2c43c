import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { type ReactNode, useState } from 'react';

/**
 * A list's search box state: the text typed, the search that runs (Enter or the button) and the
 * page, back to 1 with each search. `todos` clears the search and lists everything again;
 * `reiniciar` also goes back to page 1 (another record on a screen that stays mounted).
 */
export function useBusqueda() {
  const [texto, setTexto] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const buscar = (v: string) => {
    setQ(v.trim());
    setPage(1);
  };
  const todos = () => {
    setTexto('');
    buscar('');
  };
  return { texto, setTexto, q, page, setPage, buscar, todos, reiniciar: todos };
}

/**
 * The search box with its 'Todos' button (docs/spec-summary.md 001 §5: Enter runs it, 'Todos'
 * lists all again). `mayusculas`: the text is typed upper-case (the names are stored so);
 * `soloConValor`: an empty search does not run unless it clears one; `children`: more filters
 * beside it.
 */
export function BusquedaTodos({
  busqueda,
  ariaLabel,
  placeholder,
  mayusculas = false,
  soloConValor = false,
  compacta = false,
  maxWidth = 420,
  children,
}: {
  busqueda: ReturnType<typeof useBusqueda>;
  ariaLabel: string;
  placeholder: string;
  mayusculas?: boolean;
  soloConValor?: boolean;
  /** A search icon for a button (narrow places) instead of the word 'Buscar'. */
  compacta?: boolean;
  maxWidth?: number;
  children?: ReactNode;
}) {
  const { texto, setTexto, q, buscar, todos } = busqueda;
  return (
    <Flex gap={8} wrap align="center">
      <Input.Search
        aria-label={ariaLabel}
        placeholder={placeholder}
        value={texto}
        onChange={(e) => setTexto(mayusculas ? e.target.value.toUpperCase() : e.target.value)}
        onSearch={(v) => {
          if (!soloConValor || v.trim() || q) buscar(v);
        }}
        allowClear
        enterButton={
          compacta ? (
            <Button type="primary" icon={<SearchOutlined aria-hidden />} aria-label="Buscar" />
          ) : (
            'Buscar'
          )
        }
        style={{ maxWidth, ...(mayusculas ? { textTransform: 'uppercase' } : {}) }}
      />
      <Button onClick={todos} disabled={!q && !texto}>
        Todos
      </Button>
      {children}
    </Flex>
  );
}
