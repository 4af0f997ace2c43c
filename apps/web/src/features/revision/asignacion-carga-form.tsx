import { Button, Descriptions, Flex, Select, Table } from 'antd';
import { useMemo } from 'react';
import { busquedaPorEtiqueta, cuenta, Field, type OpcionNumero } from './asignacion-ui.tsx';
import type { Asignable, CargaAsignacion } from './revision-api.ts';
import {
  ASIGNACION_TEXTOS,
  type ModoAsignacion,
  previewReparto,
  type TipoAsignacion,
} from './revision-rules.ts';

/** 'Asignar carga' / 'Repartir carga': the load, its counts, and whom it goes to. */
export function CargaModoForm({
  tipo,
  modo,
  usuarios,
  cargasLoading,
  cargaOptions,
  staffOptions,
  idCarga,
  onCarga,
  cargaSel,
  idUsuario,
  onUsuario,
  idUsuarios,
  onUsuarios,
}: {
  tipo: TipoAsignacion;
  modo: Exclude<ModoAsignacion, 'seleccion'>;
  usuarios: Asignable[];
  cargasLoading: boolean;
  cargaOptions: OpcionNumero[];
  staffOptions: OpcionNumero[];
  idCarga: number | null;
  onCarga: (id: number | null) => void;
  cargaSel: CargaAsignacion | undefined;
  idUsuario: number | null;
  onUsuario: (id: number | null) => void;
  idUsuarios: number[];
  onUsuarios: (ids: number[]) => void;
}) {
  const textos = ASIGNACION_TEXTOS[tipo];
  return (
    <Flex vertical gap={12} style={{ maxWidth: 760 }}>
      <Field label="Carga" htmlFor={`${tipo}-carga`}>
        <Select
          id={`${tipo}-carga`}
          placeholder="Seleccione la semana/carga"
          value={idCarga ?? undefined}
          onChange={(v?: number) => onCarga(v ?? null)}
          options={cargaOptions}
          loading={cargasLoading}
          allowClear
          style={{ width: '100%' }}
        />
      </Field>
      {cargaSel && <CargaResumen carga={cargaSel} />}
      {modo === 'carga' ? (
        <Field label={`Asignar a (${textos.rol})`} htmlFor={`${tipo}-usuario-carga`}>
          <Select
            id={`${tipo}-usuario-carga`}
            placeholder={`Seleccione el ${textos.rol}`}
            value={idUsuario ?? undefined}
            onChange={(v?: number) => onUsuario(v ?? null)}
            options={staffOptions}
            showSearch={busquedaPorEtiqueta}
            allowClear
            style={{ width: '100%' }}
          />
        </Field>
      ) : (
        <RepartoPanel
          tipo={tipo}
          usuarios={usuarios}
          idUsuarios={idUsuarios}
          onChange={onUsuarios}
          pendientesCarga={cargaSel?.pendientes}
          options={staffOptions}
        />
      )}
    </Flex>
  );
}

function CargaResumen({ carga }: { carga: CargaAsignacion }) {
  return (
    <Descriptions
      size="small"
      column={3}
      items={[
        { key: 'total', label: 'Atenciones', children: cuenta(carga.total) },
        { key: 'pend', label: 'Pendientes', children: cuenta(carga.pendientes) },
        { key: 'sin', label: 'Pendientes sin asignar', children: cuenta(carga.sinAsignar) },
      ]}
    />
  );
}

/** 'Repartir carga': the chosen staff and how many each receives (the server's round robin). */
function RepartoPanel({
  tipo,
  usuarios,
  idUsuarios,
  onChange,
  pendientesCarga,
  options,
}: {
  tipo: TipoAsignacion;
  usuarios: Asignable[];
  idUsuarios: number[];
  onChange: (ids: number[]) => void;
  pendientesCarga: number | undefined;
  options: OpcionNumero[];
}) {
  const textos = ASIGNACION_TEXTOS[tipo];
  const operativos = usuarios.filter((u) => u.idPerfil === (tipo === 'AM' ? 18 : 20)).map((u) => u.idUsuario);
  const filas = useMemo(
    () => previewReparto(pendientesCarga ?? 0, idUsuarios, usuarios),
    [pendientesCarga, idUsuarios, usuarios],
  );
  return (
    <>
      <Field label={`Repartir entre (${textos.rolPlural})`} htmlFor={`${tipo}-reparto`}>
        <Flex gap={8} wrap>
          <Select
            id={`${tipo}-reparto`}
            mode="multiple"
            placeholder={`Seleccione los ${textos.rolPlural}`}
            value={idUsuarios}
            onChange={(v: number[]) => onChange(v)}
            options={options}
            showSearch={busquedaPorEtiqueta}
            allowClear
            style={{ flex: '1 1 420px' }}
          />
          {operativos.length > 0 && (
            <Button onClick={() => onChange(operativos)}>Todos los {textos.rolPlural}</Button>
          )}
        </Flex>
      </Field>
      {filas.length > 0 && (
        <Table
          size="small"
          aria-label="Vista previa del reparto"
          rowKey="idUsuario"
          pagination={false}
          dataSource={filas}
          columns={[
            { key: 'u', title: 'Usuario', dataIndex: 'etiqueta' },
            {
              key: 'r',
              title: 'Atenciones de la carga',
              dataIndex: 'recibe',
              width: 200,
              align: 'right',
              render: (n: number) => cuenta(n),
            },
          ]}
        />
      )}
    </>
  );
}
