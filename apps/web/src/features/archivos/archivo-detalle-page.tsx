import { parseId } from '@app/domain/common/ids';
import { MSG } from '@app/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { NoEncontrado } from '../../components/detail-state.tsx';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { detailPath, listHref, planillaPath } from '../tramites/tramite-rules.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { archivoKeys, archivosApi } from './archivos-api.ts';
import { ArchivoDescripciones } from './archivos-planilla.tsx';
import { AccionesArchivo, VisorArchivo } from './visor-archivo.tsx';

/** /archivoplamd/:id — the read-only detail of an attention's file, with its preview. */
export default function ArchivoDetallePage() {
  const { id } = useParams();
  const idArchivo = parseId(id);
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const back = listHref('auditoria', idPerfil);
  const q = useQuery({
    queryKey: archivoKeys.detalle(idArchivo ?? 0),
    queryFn: ({ signal }) => archivosApi.detalle(idArchivo ?? 0, signal),
    enabled: idArchivo !== null,
  });
  const tituloTramite = useTituloTramite(q.data?.idTramite);

  if (idArchivo === null || (q.error instanceof ApiError && q.error.status === 404)) {
    return (
      <NoEncontrado
        motivo="El archivo no existe o no tiene acceso a él."
        volver={back}
        texto="Volver a Trámites"
      />
    );
  }

  const a = q.data;
  return (
    <>
      <PageHeader
        title={a ? a.nombre : `Archivo ${idArchivo}`}
        breadcrumb={[
          { title: 'Trámites', href: back },
          ...(a
            ? [
                { title: tituloTramite, href: detailPath(idPerfil, a.idTramite) },
                {
                  title: `Atención ${a.numero}`,
                  href: planillaPath(a.idTramite, a.estadoTramite, a.idPlanilla),
                },
              ]
            : []),
          { title: `Archivo ${idArchivo}` },
        ]}
        tag={a && <StateTag state={a.estadoTramite} />}
        extra={a && <AccionesArchivo archivo={a} />}
      />
      <ErrorRetry
        error={q.error}
        fallback={MSG.errorPeticion}
        onRetry={() => void q.refetch()}
        style={{ marginBottom: 16 }}
      />
      {q.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {a && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <Card title="Datos del archivo" variant="borderless">
              <ArchivoDescripciones archivo={a} />
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            <Card title="Vista previa" variant="borderless">
              <Flex vertical>
                <VisorArchivo archivo={a} height={640} />
              </Flex>
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
