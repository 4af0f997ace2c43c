import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { planillaRevisadaMessage, vistaDeTipo } from '@app/domain/planillas/popup-message';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { popupPath } from '../tramites/tramite-rules.ts';
import { planillaApi, planillaKeys } from './planilla-api.ts';
import { PlanillaRecord } from './planilla-record.tsx';
import { parseId } from './planilla-rules.ts';
import { ProveedorPestana } from './planilla-tabs.tsx';
import './planilla-form.css';

const CLOSE_DELAY_MS = 1500;

/** Tells the opener which list to refresh: same origin only, on both ends. */
function avisarOpener(tipo: string | undefined) {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return;
  try {
    opener.postMessage(planillaRevisadaMessage(vistaDeTipo(tipo)), window.location.origin);
  } catch {
    // The opener navigated to another origin: nothing to refresh.
  }
}

/**
 * /planillaformpopup/:idTramite/:estadoTramite/:idPlanilla/:tipo — the same record in a 1200×800
 * window opened from a list: compact (two diagnoses and an expander), and after a review it tells its
 * opener which tab to refresh and closes with '¡Revisión registrada exitosamente!'.
 */
export default function PlanillaPopupPage() {
  const params = useParams();
  const idPlanilla = parseId(params.idPlanilla);
  const tipo = params.tipo;
  const session = useSession();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  const feedback = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [revisada, setRevisada] = useState(false);

  const query = useQuery({
    queryKey: planillaKeys.detail(idPlanilla ?? 0),
    queryFn: ({ signal }) => planillaApi.get(idPlanilla ?? 0, signal),
    enabled: idPlanilla !== null && !revisada,
  });
  const p = query.data;

  useEffect(() => {
    const previous = document.title;
    document.title = p ? `Atención ${p.numero} · Auditoría Médica` : 'Atención · Auditoría Médica';
    return () => {
      document.title = previous;
    };
  }, [p]);

  useEffect(() => {
    if (!revisada) return;
    const t = window.setTimeout(() => window.close(), CLOSE_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [revisada]);

  async function abrir(id: number) {
    try {
      const otra = await queryClient.fetchQuery({
        queryKey: planillaKeys.detail(id),
        queryFn: ({ signal }) => planillaApi.get(id, signal),
        staleTime: 0,
      });
      navigate(
        `${popupPath(otra.idTramite, otra.estadoTramite, otra.idPlanilla, tipo ?? 'TODAS')}${location.search}`,
      );
    } catch (e) {
      feedback.errorDialog(MSG_PLANILLA.noCargaInfo, (e as Error).message);
    }
  }

  let body: React.ReactNode;
  if (revisada) {
    body = (
      <Result
        status="success"
        title={MSG_PLANILLA.revisionRegistrada}
        subTitle="Esta ventana se cerrará."
        extra={
          <Button type="primary" onClick={() => window.close()} autoFocus>
            Cerrar ventana
          </Button>
        }
      />
    );
  } else if (idPlanilla === null || (query.error instanceof ApiError && query.error.status === 404)) {
    body = (
      <Result
        status="404"
        title={MSG.noEncontrado}
        subTitle={
          idPlanilla === null
            ? MSG_PLANILLA.parametroIdPlanilla
            : 'La atención no existe o no tiene acceso a ella.'
        }
        extra={<Button onClick={() => window.close()}>Cerrar ventana</Button>}
      />
    );
  } else if (query.isError && !p) {
    body = (
      <ErrorRetryPage
        error={query.error}
        title={MSG_PLANILLA.noCargaInfo}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!p) {
    body = <Skeleton active paragraph={{ rows: 10 }} style={{ paddingTop: 16 }} />;
  } else {
    body = (
      <>
        <Flex align="center" justify="space-between" gap={12} wrap style={{ padding: '12px 0 4px' }}>
          <Flex align="center" gap={12} wrap style={{ minWidth: 0 }}>
            <Typography.Title level={1} style={{ margin: 0, fontSize: 20, lineHeight: '28px' }}>
              Atención {p.numero}
            </Typography.Title>
            <StateTag state={p.estadoTramite} />
            <Typography.Text type="secondary">
              Trámite {p.numeroTramite} · {p.cedula} · {p.nombre}
            </Typography.Text>
          </Flex>
          <Button onClick={() => window.close()}>Cerrar</Button>
        </Flex>
        <ProveedorPestana>
          <PlanillaRecord
            key={p.idPlanilla}
            planilla={p}
            idPerfil={idPerfil}
            feedback={feedback}
            popup
            onIr={(id) => void abrir(id)}
            onRevisada={() => {
              avisarOpener(tipo);
              setRevisada(true);
            }}
          />
        </ProveedorPestana>
      </>
    );
  }

  return (
    <main className="pf-popup">
      {feedback.contextHolder}
      {body}
    </main>
  );
}
