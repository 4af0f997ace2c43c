import { SyncOutlined } from '@ant-design/icons';
import { organizacionEnCurso } from '@app/domain/cargas/responses';
import { formatCalendarDate, formatCount } from '@app/domain/common/format';
import { Flex, Progress, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { opcionesCol } from '../../components/columns.tsx';
import { clampPct, estadoCarga, siNo } from './carga-rules.ts';
import type { Carga } from './cargas-api.ts';

/**
 * The columns of the loads panel: the week (weekly procedures), dates, rows, errors and warnings, the
 * state (with the ingest's progress), the file, and the options menu `opciones` draws for a load.
 */
export function cargaColumns(semanal: boolean, opciones: (c: Carga) => ReactNode): TableColumnsType<Carga> {
  return [
    ...(semanal
      ? [
          {
            key: 'semana',
            title: 'Semana',
            dataIndex: 'numSemana',
            width: 80,
            align: 'right' as const,
            render: (v: number | null | undefined) => v ?? '',
          },
        ]
      : []),
    {
      key: 'desde',
      title: 'Fecha desde',
      dataIndex: 'fechaDesde',
      width: 110,
      render: (v: string) => formatCalendarDate(v),
    },
    {
      key: 'hasta',
      title: 'Fecha hasta',
      dataIndex: 'fechaHasta',
      width: 110,
      render: (v: string) => formatCalendarDate(v),
    },
    {
      key: 'registros',
      title: 'Registros',
      dataIndex: 'numeroRegistros',
      width: 100,
      align: 'right',
      render: (v: number) => formatCount(v) || '0',
    },
    {
      key: 'errores',
      title: 'Errores',
      dataIndex: 'tieneErrores',
      width: 90,
      render: (v: number, c) =>
        v === 1 ? (
          <Tooltip title={`${formatCount(c.contadorErrores) || '0'} filas con errores`}>
            <Tag color="red">{siNo(v)}</Tag>
          </Tooltip>
        ) : (
          siNo(v)
        ),
    },
    {
      key: 'novedades',
      title: 'Novedades',
      dataIndex: 'tieneNovedades',
      width: 100,
      render: (v: number, c) =>
        v === 1 ? (
          <Tooltip title={`${formatCount(c.contadorNovedades) || '0'} filas con novedades`}>
            <Tag color="gold">{siNo(v)}</Tag>
          </Tooltip>
        ) : (
          siNo(v)
        ),
    },
    {
      key: 'estado',
      title: 'Estado',
      width: 170,
      render: (_: unknown, c) => {
        const e = estadoCarga(c);
        if (c.estado === 1 && c.estadoProceso === 'PROCESANDO')
          return (
            <Flex vertical gap={0}>
              <Typography.Text style={{ fontSize: 12 }}>{e.texto}</Typography.Text>
              <Progress percent={clampPct(c.progreso)} size="small" showInfo={false} status="active" />
            </Flex>
          );
        // Organising (decision 85): what its job says — an attempt resumed, a retry to come, the
        // dead letter — in the tooltip.
        const organizando = organizacionEnCurso(c.organizacion);
        if (organizando || c.organizacion === 'FALLIDA')
          return (
            <Tooltip title={c.organizacionObs ?? undefined}>
              <Tag color={e.color} icon={organizando ? <SyncOutlined spin aria-hidden /> : undefined}>
                {e.texto}
              </Tag>
            </Tooltip>
          );
        return <Tag color={e.color}>{e.texto}</Tag>;
      },
    },
    {
      key: 'archivo',
      title: 'Archivo',
      dataIndex: 'nombreArchivo',
      width: 260,
      ellipsis: { showTitle: true },
    },
    // Always in view, however wide the file name makes the table.
    opcionesCol((c: Carga) => opciones(c), 130),
  ];
}
