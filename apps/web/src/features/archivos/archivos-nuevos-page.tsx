import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import { formatCalendarDate, formatCount } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { isSupervision } from '@app/domain/planillas/permissions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Flex, Result, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { botonesExportar } from '../../components/botones-exportar.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { downloadFile } from '../../components/download.ts';
import { type FormatoExport, nombreExport } from '../../components/exportar.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { tablaDeConsulta } from '../../components/use-paged-list.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useSession } from '../../lib/use-session.ts';
import { SOLO_SUPERVISION } from '../tramites/tramite-report-page.tsx';
import { detailPath, listHref } from '../tramites/tramite-rules.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { TramiteNoEncontrado, useTramite } from '../tramites/use-tramite.tsx';
import { type ArchivoNuevo, archivoKeys, archivosApi } from './archivos-api.ts';
import { COLUMNA_TAMANO, COLUMNA_TIPO, fechaHora } from './archivos-format.ts';
import { megas } from './archivos-rules.ts';
import { fechaRuta } from './fecha-ruta.ts';

/**
 * /tramites-archivos-nuevos/:idTramite/:fechaIniAud/:fechaFinAud — the supervisors' report of the
 * files added to a procedure in a date window (by default the procedure's audit window).
 */
export default function ArchivosNuevosPage() {
  const params = useParams();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const idTramite = parseId(params.idTramite);
  const tituloTramite = useTituloTramite(idTramite);
  const desde = fechaRuta(params.fechaIniAud);
  const hasta = fechaRuta(params.fechaFinAud);
  const validas = !!desde && !!hasta && desde <= hasta;
  const [page, setPage] = useState(1);
  const [exportando, setExportando] = useState(false);
  const back = listHref('auditoria', idPerfil);

  const tramite = useTramite(idTramite);
  const list = useQuery({
    queryKey: archivoKeys.nuevos(idTramite ?? 0, desde ?? '', hasta ?? '', page),
    queryFn: ({ signal }) => archivosApi.nuevos(idTramite ?? 0, desde ?? '', hasta ?? '', page, signal),
    enabled: idTramite !== null && validas && isSupervision(idPerfil),
    placeholderData: keepPreviousData,
  });

  if (!isSupervision(idPerfil)) {
    return <Result status="403" title={MSG.noAutorizado403} subTitle={SOLO_SUPERVISION} />;
  }
  if (idTramite === null || (tramite.error instanceof ApiError && tramite.error.status === 404)) {
    return <TramiteNoEncontrado invalido={idTramite === null} back={back} />;
  }

  const irA = (d: string, h: string) => {
    setPage(1);
    navigate(`/tramites-archivos-nuevos/${idTramite}/${d}/${h}`, { replace: true });
  };

  async function exportar(formato: FormatoExport) {
    if (!list.data?.total) {
      feedback.notification.warning({ title: MSG_PLANILLA.noHayDatosExportar });
      return;
    }
    setExportando(true);
    try {
      await downloadFile(
        `/tramites/${idTramite}/archivos-nuevos`,
        nombreExport(`archivos_nuevos_tramite_${idTramite}_${desde}_${hasta}.csv`, formato),
        { desde, hasta, formato },
      );
    } catch (e) {
      feedback.errorDialog(MSG_ARCHIVO.errorDescarga, errorMessage(e, ''));
    } finally {
      setExportando(false);
    }
  }

  const columns: TableColumnsType<ArchivoNuevo> = [
    {
      key: 'fechaCrea',
      title: 'Fecha de carga',
      dataIndex: 'fechaCrea',
      width: 140,
      render: (v: string) => fechaHora(v),
    },
    { key: 'numero', title: 'Número', dataIndex: 'numero', width: 100 },
    { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 115 },
    { key: 'paciente', title: 'Paciente', dataIndex: 'paciente' },
    {
      key: 'nombre',
      title: 'Archivo',
      dataIndex: 'nombre',
      render: (v: string, a) => <Link to={`/archivoplamd/${a.idArchivoPla}`}>{v}</Link>,
    },
    COLUMNA_TIPO,
    COLUMNA_TAMANO,
    { key: 'usuario', title: 'Usuario', dataIndex: 'usuario', render: (v: string | null) => v ?? '' },
  ];

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title="Archivos nuevos del trámite"
        breadcrumb={[
          { title: 'Trámites', href: back },
          { title: tituloTramite, href: detailPath(idPerfil, idTramite) },
          { title: 'Archivos nuevos' },
        ]}
        tag={
          tramite.data && (
            <>
              <span style={{ color: 'rgba(0,0,0,0.45)' }}>{tramite.data.numero}</span>
              <StateTag state={tramite.data.estadoTramite} />
            </>
          )
        }
        extra={
          <Flex gap={8} wrap>
            {botonesExportar(exportando, exportar)}
          </Flex>
        }
      />
      <Card variant="borderless">
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text id="archivos-nuevos-periodo">Período de carga</Typography.Text>
            <DatePicker.RangePicker
              aria-labelledby="archivos-nuevos-periodo"
              format="DD/MM/YYYY"
              allowClear={false}
              value={validas ? [dayjs(desde), dayjs(hasta)] : null}
              onChange={(v) => {
                if (v?.[0] && v[1]) irA(v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD'));
              }}
            />
            {validas && list.data && (
              <Typography.Text type="secondary">
                {formatCount(list.data.total) || '0'} archivos ({megas(list.data.bytes)} MB) cargados del{' '}
                {formatCalendarDate(desde)} al {formatCalendarDate(hasta)}.
              </Typography.Text>
            )}
          </Flex>
          {!validas && <Alert type="warning" showIcon title={MSG_ARCHIVO.fechasInvalidas} />}
          <DataTable<ArchivoNuevo>
            errorFallback={MSG_PLANILLA.errorLista}
            ariaLabel="Archivos nuevos"
            columns={columns}
            {...tablaDeConsulta(list, page, setPage)}
            rowKey="idArchivoPla"
            onRowDoubleClick={(a) => navigate(`/archivoplamd/${a.idArchivoPla}`)}
            emptyText={MSG_ARCHIVO.sinArchivosNuevos}
          />
        </Flex>
      </Card>
    </>
  );
}
