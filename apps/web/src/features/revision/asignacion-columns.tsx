import { type TableColumnsType, Typography } from 'antd';
import { StateTag } from '../../components/state-tag.tsx';
import { fecha } from '../tramites/tramite-rules.ts';
import type { Asignable, CargaAsignacion, PlanillaAsignacion } from './revision-api.ts';
import { cargaEtiqueta, usuarioEtiqueta } from './revision-rules.ts';

/** The columns of 'Atenciones para asignar': the attention, its load, its review state and holder. */
export function asignacionColumns({
  estadoTitulo,
  usuarios,
  cargas,
}: {
  estadoTitulo: string;
  usuarios: Asignable[];
  cargas: CargaAsignacion[];
}): TableColumnsType<PlanillaAsignacion> {
  const cargaDe = (id: number) => cargas.find((c) => c.idCarga === id);
  return [
    { key: 'numero', title: 'Número', dataIndex: 'numero', width: 120 },
    { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 120 },
    { key: 'nombre', title: 'Nombre', dataIndex: 'nombre', ellipsis: { showTitle: true } },
    {
      key: 'fecha',
      title: 'F. atención',
      width: 110,
      render: (_: unknown, p) => fecha(p.fechaDesde),
    },
    {
      key: 'carga',
      title: 'Carga',
      width: 250,
      ellipsis: { showTitle: true },
      render: (_: unknown, p) => {
        const c = cargaDe(p.idCarga);
        return c ? cargaEtiqueta(c) : p.idCarga;
      },
    },
    {
      key: 'estado',
      title: estadoTitulo,
      dataIndex: 'estado',
      width: 120,
      render: (e: string) => <StateTag state={e} />,
    },
    {
      key: 'asignado',
      title: 'Asignada a',
      width: 220,
      render: (_: unknown, p) =>
        p.idUsuario ? (
          staffNombre(usuarios, p.idUsuario, p.usuarioNombre)
        ) : (
          <Typography.Text type="secondary">Sin asignar</Typography.Text>
        ),
    },
  ];
}

function staffNombre(usuarios: Asignable[], id: number, nombre: string | null) {
  const u = usuarios.find((s) => s.idUsuario === id);
  return u ? usuarioEtiqueta(u) : (nombre ?? String(id));
}
