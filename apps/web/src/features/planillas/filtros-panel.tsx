import { SearchOutlined } from '@ant-design/icons';
import { ESTADOS_REVISION } from '@app/domain/planillas/permissions';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Flex, Form, Input, Radio, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { botonesExportar } from '../../components/botones-exportar.tsx';
import type { FormatoExport } from '../../components/exportar.ts';
import {
  type Filtros,
  filtrosVisibles,
  PANEL_KEYS,
  type PanelKey,
  periodoLabel,
  UPPER_KEYS,
} from './atenciones-rules.ts';
import { planillaKeys, planillasApi } from './planillas-api.ts';

const LABELS: Readonly<Record<PanelKey, string>> = {
  idCarga: 'Periodo',
  fecha: 'Fecha de Atención',
  nombreMedico: 'Nombre del Médico',
  idEspecialidad: 'Especialidad',
  numero: 'Número',
  cedula: 'Cédula',
  nombre: 'Nombre',
  nivel: 'Nivel',
  estadoAud: 'Estado AM',
  estadoDoc: 'Estado GD',
  duplicadas: 'Mostrar',
};

const ESTADO_OPCIONES = ESTADOS_REVISION.map((e) => ({ value: e, label: e }));
const NIVEL_OPCIONES = [
  { value: '1', label: 'Primer Nivel' },
  { value: '2', label: 'Segundo Nivel' },
];

/** Always shown; the rest behind 'Más filtros' (open when one of them is set). */
const PRIMARIOS: readonly PanelKey[] = ['idCarga', 'numero', 'cedula', 'nombre', 'fecha'];

const pick = (f: Filtros): Filtros =>
  Object.fromEntries(PANEL_KEYS.map((k) => [k, f[k]]).filter(([, v]) => v));

export type FiltrosPanelProps = {
  idTramite: number;
  idPerfil: number;
  estadoTramite: string;
  idCargaFija?: number;
  /** The filters in the URL. */
  filtros: Filtros;
  onAplicar: (f: Filtros) => void;
  onLimpiar: () => void;
  onExportar: (formato: FormatoExport) => void;
  exportando: boolean;
};

/**
 * The filter panel of the attentions list (docs/spec-summary.md 000 §2). Lists, dates and options run at once; text
 * filters on Enter or 'Buscar', upper-case as typed.
 */
export function FiltrosPanel({
  idTramite,
  idPerfil,
  estadoTramite,
  idCargaFija,
  filtros,
  onAplicar,
  onLimpiar,
  onExportar,
  exportando,
}: FiltrosPanelProps) {
  const visibles = filtrosVisibles(idPerfil, estadoTramite, idCargaFija);
  const primarios = PRIMARIOS.filter((k) => visibles.includes(k)).slice(0, 4);
  const secundarios = visibles.filter((k) => !primarios.includes(k));
  const activosSecundarios = secundarios.filter((k) => filtros[k]).length;
  const [mas, setMas] = useState(activosSecundarios > 0);
  // A link or back/forward that sets one of the hidden filters opens them.
  useEffect(() => {
    if (activosSecundarios > 0) setMas(true);
  }, [activosSecundarios]);
  const urlKey = JSON.stringify(pick(filtros));
  const [draft, setDraft] = useState<Filtros>(() => pick(filtros));
  // The URL wins when it changes (back/forward, a link from Controles, 'Limpiar filtros').
  useEffect(() => setDraft(JSON.parse(urlKey) as Filtros), [urlKey]);

  const cargas = useQuery({
    queryKey: planillaKeys.cargas(idTramite),
    queryFn: ({ signal }) => planillasApi.cargas(idTramite, signal),
    enabled: visibles.includes('idCarga'),
    staleTime: 60_000,
  });
  const especialidades = useQuery({
    queryKey: planillaKeys.especialidades,
    queryFn: ({ signal }) => planillasApi.especialidades(signal),
    staleTime: 10 * 60_000,
  });
  const cargaOpciones = useMemo(
    () =>
      (cargas.data?.items ?? [])
        .filter((c) => c.estado === 1)
        .map((c) => ({ value: String(c.idCarga), label: periodoLabel(c) })),
    [cargas.data],
  );
  const espOpciones = useMemo(
    () =>
      (especialidades.data?.items ?? []).map((e) => ({ value: String(e.idEspecialidad), label: e.nombre })),
    [especialidades.data],
  );

  const set = (k: PanelKey, v: string | undefined) => setDraft((d) => ({ ...d, [k]: v || undefined }));
  /** Lists and dates run the search at once with whatever else is typed. */
  const setYAplicar = (k: PanelKey, v: string | undefined) => {
    const next = { ...draft, [k]: v || undefined };
    setDraft(next);
    onAplicar(next);
  };
  const aplicar = () => onAplicar(draft);

  const texto = (k: PanelKey, maxLength: number, inputMode?: 'numeric') => (
    <Input
      id={`pl-${k}`}
      allowClear
      maxLength={maxLength}
      inputMode={inputMode}
      value={draft[k] ?? ''}
      onChange={(e) => set(k, UPPER_KEYS.includes(k) ? e.target.value.toUpperCase() : e.target.value)}
      onPressEnter={aplicar}
      onClear={() => setYAplicar(k, undefined)}
    />
  );

  const campos: Partial<Record<PanelKey, ReactNode>> = {
    idCarga: (
      <Select
        id="pl-idCarga"
        allowClear
        placeholder="Todas las cargas"
        loading={cargas.isLoading}
        status={cargas.isError ? 'error' : undefined}
        notFoundContent={cargas.isError ? 'No se pudieron cargar las cargas.' : 'Sin cargas'}
        options={cargaOpciones}
        value={draft.idCarga}
        onChange={(v: string | undefined) => setYAplicar('idCarga', v)}
      />
    ),
    fecha: (
      <DatePicker
        id="pl-fecha"
        format="DD/MM/YYYY"
        style={{ width: '100%' }}
        value={draft.fecha ? dayjs(draft.fecha) : null}
        onChange={(d) => setYAplicar('fecha', d ? d.format('YYYY-MM-DD') : undefined)}
      />
    ),
    nombreMedico: texto('nombreMedico', 200),
    idEspecialidad: (
      <Select
        id="pl-idEspecialidad"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Todas"
        loading={especialidades.isLoading}
        status={especialidades.isError ? 'error' : undefined}
        notFoundContent={
          especialidades.isError ? 'No se pudieron cargar las especialidades.' : 'Sin resultados'
        }
        options={espOpciones}
        value={draft.idEspecialidad}
        onChange={(v: string | undefined) => setYAplicar('idEspecialidad', v)}
      />
    ),
    numero: texto('numero', 40),
    cedula: texto('cedula', 13, 'numeric'),
    nombre: texto('nombre', 200),
    nivel: (
      <Select
        id="pl-nivel"
        allowClear
        placeholder="Todos"
        options={NIVEL_OPCIONES}
        value={draft.nivel}
        onChange={(v: string | undefined) => setYAplicar('nivel', v)}
      />
    ),
    estadoAud: (
      <Select
        id="pl-estadoAud"
        allowClear
        placeholder="Todos"
        options={ESTADO_OPCIONES}
        value={draft.estadoAud}
        onChange={(v: string | undefined) => setYAplicar('estadoAud', v)}
      />
    ),
    estadoDoc: (
      <Select
        id="pl-estadoDoc"
        allowClear
        placeholder="Todos"
        options={ESTADO_OPCIONES}
        value={draft.estadoDoc}
        onChange={(v: string | undefined) => setYAplicar('estadoDoc', v)}
      />
    ),
    duplicadas: (
      <Radio.Group
        id="pl-duplicadas"
        optionType="button"
        size="middle"
        value={draft.duplicadas === '1' ? '1' : ''}
        onChange={(e) => setYAplicar('duplicadas', e.target.value || undefined)}
        options={[
          { value: '', label: 'Todas' },
          { value: '1', label: 'Duplicadas' },
        ]}
      />
    ),
  };

  return (
    <Form
      layout="vertical"
      size="middle"
      aria-label="Filtros de atenciones"
      onSubmitCapture={(e) => e.preventDefault()}
      style={{ marginBottom: 8 }}
    >
      <Row gutter={[12, 0]}>
        {[...primarios, ...(mas ? secundarios : [])].map((k) => (
          <Col key={k} xs={24} sm={12} md={8} xl={6} xxl={4}>
            <Form.Item label={LABELS[k]} htmlFor={`pl-${k}`} style={{ marginBottom: 10 }}>
              {campos[k]}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Flex gap={8} wrap align="center">
        <Button type="primary" icon={<SearchOutlined aria-hidden />} onClick={aplicar}>
          Buscar
        </Button>
        {botonesExportar(exportando, onExportar)}
        {secundarios.length > 0 && (
          <Button type="link" aria-expanded={mas} onClick={() => setMas((m) => !m)}>
            {mas
              ? 'Menos filtros'
              : `Más filtros${activosSecundarios > 0 ? ` (${activosSecundarios} activos)` : ''}`}
          </Button>
        )}
        <Button type="link" onClick={onLimpiar}>
          Limpiar filtros
        </Button>
      </Flex>
    </Form>
  );
}
