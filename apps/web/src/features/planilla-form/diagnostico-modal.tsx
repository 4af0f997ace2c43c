import { SearchOutlined } from '@ant-design/icons';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { DiagnosticoItem } from '@app/domain/planillas/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Input, type InputRef, Modal, Spin, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { planillaApi, planillaKeys } from './planilla-api.ts';
import { moverSeleccion } from './planilla-rules.ts';
import './planilla-form.css';

export type DiagnosticoElegido = { codigo: string; nombre: string };

export type DiagnosticoModalProps = {
  open: boolean;
  /** Which slot it fills (title only). */
  slot: number | null;
  /** Text to search at once (the code already typed in the slot). */
  inicial?: string;
  onPick: (d: DiagnosticoElegido) => void;
  onClose: () => void;
};

/**
 * 'Lista de Diagnósticos': CIE-10 by code (with or without the dot, X padding) or by words of the
 * description, 10 per page with Anterior/Siguiente. Keyboard: Enter searches; ↑/↓ highlight a row
 * and Enter picks it (the input keeps the focus: a combobox with its listbox).
 */
export function DiagnosticoModal({ open, slot, inicial, onPick, onClose }: DiagnosticoModalProps) {
  return (
    <Modal
      open={open}
      title="Lista de Diagnósticos"
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (o) document.getElementById('diagnostico-consulta')?.focus();
      }}
    >
      {open && <Buscador slot={slot} inicial={inicial ?? ''} onPick={onPick} />}
    </Modal>
  );
}

function Buscador({
  slot,
  inicial,
  onPick,
}: {
  slot: number | null;
  inicial: string;
  onPick: DiagnosticoModalProps['onPick'];
}) {
  const [texto, setTexto] = useState(inicial);
  const [consulta, setConsulta] = useState(inicial.trim());
  const [page, setPage] = useState(1);
  const [activo, setActivo] = useState(-1);
  const [vacio, setVacio] = useState(false);
  const inputRef = useRef<InputRef>(null);
  const listId = useId();

  const query = useQuery({
    queryKey: planillaKeys.diagnosticos(consulta, page),
    queryFn: ({ signal }) => planillaApi.diagnosticos(consulta, page, signal),
    enabled: consulta !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const items = consulta ? (query.data?.items ?? []) : [];
  const total = consulta ? (query.data?.total ?? 0) : 0;
  const paginas = Math.max(1, Math.ceil(total / 10));

  // A new page or search highlights its first row, so Enter picks at once.
  useEffect(() => {
    if (!query.isPlaceholderData) setActivo(query.data?.items.length ? 0 : -1);
  }, [query.data, query.isPlaceholderData]);

  function buscar() {
    const q = texto.trim();
    if (!q) {
      setVacio(true);
      return;
    }
    setVacio(false);
    setPage(1);
    setConsulta(q);
  }

  function elegir(d: DiagnosticoItem | undefined) {
    if (d) onPick({ codigo: d.codigo, nombre: d.nombre });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActivo((a) => moverSeleccion(a, e.key, items.length));
    } else if (e.key === 'PageDown' && page < paginas) {
      e.preventDefault();
      setPage(page + 1);
    } else if (e.key === 'PageUp' && page > 1) {
      e.preventDefault();
      setPage(page - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Unchanged text with a highlighted row: pick it; otherwise search.
      if (texto.trim() === consulta && activo >= 0 && items[activo]) elegir(items[activo]);
      else buscar();
    }
  }

  const optionId = (i: number) => `${listId}-op-${i}`;

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {slot ? `Diagnóstico ${slot}: ` : ''}busque por código CIE-10 (J18.1, J181, A09X) o por palabras de la
        descripción. Enter busca; ↑ ↓ eligen la fila y Enter la selecciona.
      </Typography.Text>
      <Flex gap={8}>
        <Input
          id="diagnostico-consulta"
          ref={inputRef}
          role="combobox"
          aria-label="Consulta de diagnóstico"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={activo >= 0 && items[activo] ? optionId(activo) : undefined}
          aria-autocomplete="list"
          value={texto}
          onChange={(e) => {
            setTexto(e.target.value);
            if (vacio && e.target.value.trim()) setVacio(false);
          }}
          onKeyDown={onKeyDown}
          placeholder="Código o descripción"
          allowClear
          autoComplete="off"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={buscar}>
          Buscar
        </Button>
      </Flex>
      {vacio && <Alert type="error" showIcon title={MSG_PLANILLA.diagnosticoConsultaVacia} role="alert" />}
      {query.isError && (
        <Alert type="error" showIcon title={errorMessage(query.error, MSG_PLANILLA.errorCargar)} />
      )}
      <Spin spinning={query.isFetching}>
        {consulta === '' ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Escriba un código o una descripción y presione Enter."
          />
        ) : items.length === 0 && !query.isFetching ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG_PLANILLA.diagnosticoNoEncontrado} />
        ) : (
          <div id={listId} role="listbox" aria-label="Diagnósticos encontrados" className="pf-diag-list">
            {items.map((d, i) => (
              // The keyboard acts through the combobox input (aria-activedescendant), not the options.
              <div
                key={d.idDiagnostico}
                tabIndex={-1}
                id={optionId(i)}
                role="option"
                aria-selected={i === activo}
                className={i === activo ? 'pf-diag-item pf-diag-item-active' : 'pf-diag-item'}
                onMouseEnter={() => setActivo(i)}
                onClick={() => elegir(d)}
              >
                <span className="pf-diag-code">{d.codigoPunto}</span>
                <span>{d.nombre}</span>
              </div>
            ))}
          </div>
        )}
      </Spin>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary" aria-live="polite">
          {consulta && total > 0 ? `Página ${page} de ${paginas} · ${total} diagnósticos` : ''}
        </Typography.Text>
        <Flex gap={8}>
          <Button disabled={page <= 1 || query.isFetching} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <Button disabled={page >= paginas || query.isFetching} onClick={() => setPage(page + 1)}>
            Siguiente
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
