import { InfoCircleOutlined } from '@ant-design/icons';
import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import { formatDate } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Modal, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { BusquedaTodos, useBusqueda } from '../../components/busqueda-todos.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { tablaDeConsulta } from '../../components/use-paged-list.ts';
import { previosDe, useAlCambiar } from '../../lib/por-registro.ts';
import { type ArchivoPla, archivoKeys, archivosApi } from './archivos-api.ts';
import { COLUMNA_TAMANO, COLUMNA_TIPO, fechaHora, tamanoTexto, tipoTexto } from './archivos-format.ts';
import { AccionesArchivo, VisorArchivo, VisorArchivoModal } from './visor-archivo.tsx';

export type ArchivosPlanillaProps = {
  idPlanilla: number;
  /**
   * Shows the selected file under the list (the auditor's screen: data on the left, documents on the
   * right). Without it, a file name opens the preview in a dialog.
   */
  vistaPrevia?: boolean;
  /** Height of the inline preview (vistaPrevia). */
  alturaVista?: number;
};

/**
 * 'Archivos' of an attention (docs/spec-summary.md 001 §2.7): newest first, 10 per page, search by name (upper-case,
 * Enter runs it), 'Todos' lists all again; the info icon opens the read-only detail, the name opens
 * the file.
 */
export function ArchivosPlanilla({
  idPlanilla,
  vistaPrevia = false,
  alturaVista = 560,
}: ArchivosPlanillaProps) {
  const busqueda = useBusqueda();
  const { q, page, setPage } = busqueda;
  const [detalle, setDetalle] = useState<ArchivoPla | null>(null);
  const [abierto, setAbierto] = useState<ArchivoPla | null>(null);
  const [seleccion, setSeleccion] = useState<number | null>(null);
  // Kept mounted from one attention to the next (the auditor's loop): its search starts again.
  useAlCambiar(idPlanilla, () => {
    busqueda.reiniciar();
    setDetalle(null);
    setAbierto(null);
    setSeleccion(null);
  });

  const list = useQuery({
    queryKey: archivoKeys.planilla(idPlanilla, q, page),
    queryFn: ({ signal }) => archivosApi.dePlanilla(idPlanilla, q, page, signal),
    placeholderData: previosDe(['archivos', 'planilla', idPlanilla]),
  });
  const rows = list.data?.items ?? [];
  const seleccionado = rows.find((r) => r.idArchivoPla === seleccion) ?? rows[0] ?? null;

  const columns: TableColumnsType<ArchivoPla> = [
    {
      key: 'info',
      width: 44,
      align: 'center',
      render: (_: unknown, a) => (
        <Tooltip title="Detalle del archivo">
          <Button
            type="text"
            size="small"
            icon={<InfoCircleOutlined aria-hidden />}
            aria-label={`Detalle del archivo ${a.nombre}`}
            onClick={(e) => {
              e.stopPropagation();
              setDetalle(a);
            }}
          />
        </Tooltip>
      ),
    },
    {
      key: 'nombre',
      title: 'Nombre',
      dataIndex: 'nombre',
      render: (v: string, a) => (
        <Button
          type="link"
          size="small"
          aria-pressed={vistaPrevia ? seleccionado?.idArchivoPla === a.idArchivoPla : undefined}
          onClick={(e) => {
            e.stopPropagation();
            if (vistaPrevia) setSeleccion(a.idArchivoPla);
            else setAbierto(a);
          }}
          style={{
            padding: 0,
            height: 'auto',
            fontWeight: vistaPrevia && seleccionado?.idArchivoPla === a.idArchivoPla ? 600 : undefined,
          }}
        >
          {v}
        </Button>
      ),
    },
    // The side panel of the record page is narrow: the name already shows the type there.
    ...(vistaPrevia ? [] : [COLUMNA_TIPO]),
    COLUMNA_TAMANO,
    {
      key: 'fechaCrea',
      title: vistaPrevia ? 'Cargado' : 'Fecha de carga',
      dataIndex: 'fechaCrea',
      width: vistaPrevia ? 100 : 140,
      render: (v: string) => (vistaPrevia ? formatDate(v) : fechaHora(v)),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {/* Searches run only with a value (docs/spec-summary.md 001 §5); clearing lists all again. */}
      <BusquedaTodos
        busqueda={busqueda}
        ariaLabel="Buscar archivos por nombre"
        placeholder="Buscar por nombre"
        mayusculas
        soloConValor
        compacta
        maxWidth={340}
      />
      <DataTable<ArchivoPla>
        ariaLabel="Archivos de la atención"
        columns={columns}
        {...tablaDeConsulta(list, page, setPage)}
        errorFallback={MSG_PLANILLA.errorLista}
        rowKey="idArchivoPla"
        onRowDoubleClick={(a) => (vistaPrevia ? setSeleccion(a.idArchivoPla) : setAbierto(a))}
        emptyText={q ? MSG_PLANILLA.sinResultados : MSG_ARCHIVO.sinArchivosPlanilla}
      />
      {vistaPrevia && seleccionado && (
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text strong ellipsis style={{ maxWidth: '60%' }}>
              {seleccionado.nombre}
            </Typography.Text>
            <Flex gap={8}>
              <AccionesArchivo archivo={seleccionado} size="small" />
            </Flex>
          </Flex>
          <VisorArchivo archivo={seleccionado} height={alturaVista} />
        </Flex>
      )}
      <VisorArchivoModal archivo={abierto} onClose={() => setAbierto(null)} />
      <ArchivoDetalleModal archivo={detalle} onClose={() => setDetalle(null)} />
    </Flex>
  );
}

/** The read-only detail of docs/spec-summary.md 001 §2.7 (idArchivoPla, nombre, ruta, tipo, tamano, hash, fechaCrea, fechaMod). */
export function ArchivoDetalleModal({
  archivo,
  onClose,
}: {
  archivo: ArchivoPla | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={!!archivo}
      title="Detalle del archivo"
      onCancel={onClose}
      width={640}
      footer={
        <Flex justify="end" gap={8}>
          {archivo && (
            <Link to={`/archivoplamd/${archivo.idArchivoPla}`}>
              <Button>Abrir página del archivo</Button>
            </Link>
          )}
          <Button type="primary" onClick={onClose}>
            Cerrar
          </Button>
        </Flex>
      }
    >
      {archivo && <ArchivoDescripciones archivo={archivo} />}
    </Modal>
  );
}

export function ArchivoDescripciones({ archivo: a }: { archivo: ArchivoPla }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 160 } }}
      items={[
        { key: 'id', label: 'ID', children: a.idArchivoPla },
        { key: 'nombre', label: 'Nombre', children: a.nombre },
        { key: 'ruta', label: 'Ruta', children: <Typography.Text code>{a.ruta}</Typography.Text> },
        { key: 'tipo', label: 'Tipo', children: `${tipoTexto(a.tipo)} (${a.tipo})` },
        { key: 'tamano', label: 'Tamaño', children: tamanoTexto(a.tamano) },
        {
          key: 'hash',
          label: 'Hash (SHA-256)',
          children: (
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {a.hash}
            </Typography.Text>
          ),
        },
        { key: 'fechaCrea', label: 'Fecha de creación', children: fechaHora(a.fechaCrea) },
        { key: 'fechaMod', label: 'Fecha de modificación', children: fechaHora(a.fechaMod) || '—' },
      ]}
    />
  );
}

export default ArchivosPlanilla;
