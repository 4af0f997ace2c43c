import { TIPOS_CARGA, type TipoCarga } from '@app/domain/cargas/rules';
import { formatCalendarDate, formatCount, formatDateTime } from '@app/domain/common/format';
import { Button, Card, Descriptions, Tag } from 'antd';
import { Link } from 'react-router';
import { type CargaPageContext, CargaPageShell, cargaRutas } from './carga-page-shell.tsx';
import { estadoCarga, formatFileSize, siNo } from './carga-rules.ts';

/** /cargaform/{idTramite}/{idCarga}: the read-only detail of a load (docs/spec-summary.md 000 §2). */
export default function CargaFormPage() {
  return (
    <CargaPageShell title={(id) => `Carga ${id}`} extra={Acciones}>
      {(ctx) => <Detalle {...ctx} />}
    </CargaPageShell>
  );
}

function Acciones({ carga: c }: CargaPageContext) {
  return (
    <>
      {c.tienePlanillas === 1 && (
        <Link to={cargaRutas.atenciones(c.idTramite, c.idCarga)}>
          <Button type="primary">Atenciones de la carga</Button>
        </Link>
      )}
      <Link to={cargaRutas.errores(c.idTramite, c.idCarga)}>
        <Button danger={c.tieneErrores === 1}>Errores</Button>
      </Link>
      <Link to={cargaRutas.novedades(c.idTramite, c.idCarga)}>
        <Button>Novedades</Button>
      </Link>
    </>
  );
}

function Detalle({ tramite: t, carga: c }: CargaPageContext) {
  const estado = estadoCarga(c);
  const conteo = (n: number | null | undefined) => formatCount(n ?? 0) || '0';
  return (
    <Card variant="borderless">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        styles={{ label: { width: 190 } }}
        items={[
          { key: 'idCarga', label: 'ID de carga', children: c.idCarga },
          { key: 'tramite', label: 'Trámite', children: `${t.numero} · ${t.nombreComercial}` },
          {
            key: 'tipo',
            label: 'Tipo de carga',
            children: c.tipoCarga ? TIPOS_CARGA[c.tipoCarga as TipoCarga] : '',
          },
          { key: 'semana', label: 'Semana', children: c.numSemana ?? 'No aplica' },
          { key: 'desde', label: 'Fecha Desde', children: formatCalendarDate(c.fechaDesde) },
          { key: 'hasta', label: 'Fecha Hasta', children: formatCalendarDate(c.fechaHasta) },
          {
            key: 'nombre',
            label: 'Nombre Archivo',
            children: <span style={{ wordBreak: 'break-all' }}>{c.nombreArchivo}</span>,
          },
          { key: 'tamanio', label: 'Tamaño Archivo', children: formatFileSize(c.tamanioArchivo) },
          { key: 'registros', label: 'Número Registros', children: conteo(c.numeroRegistros) },
          { key: 'validos', label: 'Registros válidos', children: conteo(c.numeroRegVal) },
          {
            key: 'errores',
            label: 'Errores',
            children: (
              <Link to={cargaRutas.errores(c.idTramite, c.idCarga)}>
                {siNo(c.tieneErrores)} ({conteo(c.contadorErrores)} filas)
              </Link>
            ),
          },
          {
            key: 'novedades',
            label: 'Novedades',
            children: (
              <Link to={cargaRutas.novedades(c.idTramite, c.idCarga)}>
                {siNo(c.tieneNovedades)} ({conteo(c.contadorNovedades)} filas)
              </Link>
            ),
          },
          { key: 'planillas', label: 'Atenciones organizadas', children: siNo(c.tienePlanillas) },
          { key: 'archivos', label: 'Documentos cargados', children: siNo(c.tieneArchivos) },
          { key: 'estado', label: 'Estado', children: <Tag color={estado.color}>{estado.texto}</Tag> },
          {
            key: 'fecha',
            label: 'Fecha de carga',
            children: c.fechaCreacion ? formatDateTime(c.fechaCreacion) : '',
          },
          {
            key: 'obs',
            label: 'Observaciones',
            span: 'filled',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{c.obs ?? c.mensaje ?? ''}</span>,
          },
        ]}
      />
    </Card>
  );
}
