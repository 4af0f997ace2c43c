import { MailOutlined, MessageOutlined, SendOutlined } from '@ant-design/icons';
import { MSG_OBSERVACION, TIPO_OBSERVACION_TEXTO } from '@app/domain/observaciones/messages';
import { perfilEnvioObservaciones } from '@app/domain/observaciones/rules';
import { TIPOS_REVISION, type TipoRevision } from '@app/domain/planillas/permissions';
import type { EstadoTramite } from '@app/domain/tramites/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio as useEnvioGuardado } from '../../lib/use-envio.ts';
import { obsApi, obsKeys } from './observaciones-api.ts';

type Feedback = ReturnType<typeof useFeedback>;
type TramiteRef = { idTramite: number; numero: string; estadoTramite: string; acciones: readonly string[] };
type Accion = 'enviar-observaciones' | 'enviar-respuestas';

/**
 * Sending the observations (17 → M, 19 → D) or the provider's answers (15), offered when the
 * workflow table allows the action now (`acciones` from the API). The answers go only when all are
 * answered: otherwise the server's message under 'Observaciones pendientes'.
 */
export function useEnvio(t: TramiteRef, feedback: Feedback, onDone?: () => void) {
  const qc = useQueryClient();
  const m = useEnvioGuardado({
    mutationFn: ({ accion, tipo }: { accion: Accion; tipo?: TipoRevision }) =>
      obsApi.enviar(t.idTramite, accion, { tipo, estadoActual: t.estadoTramite as EstadoTramite }),
    onSuccess: (r, { accion }) => {
      feedback.notification.success({
        title: MSG_OBSERVACION.exitoTitulo,
        description:
          r.mensaje ||
          (accion === 'enviar-observaciones'
            ? MSG_OBSERVACION.correoObservacionesEnviado
            : MSG_OBSERVACION.correoRespuestasEnviado),
      });
      onDone?.();
    },
    onError: (e: Error) => {
      if (e instanceof ApiError && (e.code === 'OBSERVACIONES_PENDIENTES' || e.status === 422))
        feedback.modal.warning({
          title: MSG_OBSERVACION.observacionesPendientesTitulo,
          content: e.message,
          okText: 'Aceptar',
        });
      else feedback.errorDialog(MSG_OBSERVACION.errorEnvio, e.message);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: obsKeys.all });
      void qc.invalidateQueries({ queryKey: ['tramites'] });
    },
  });

  function confirmar(accion: Accion, tipo?: TipoRevision) {
    const obs = accion === 'enviar-observaciones';
    feedback.modal.confirm({
      title: obs
        ? `¿Enviar las observaciones de ${TIPO_OBSERVACION_TEXTO[tipo ?? 'M']} del trámite ${t.numero}?`
        : `¿Enviar las respuestas del trámite ${t.numero}?`,
      content: obs
        ? 'El prestador recibirá un correo con el reporte de observaciones y el trámite pasará a OBSERVACIONES.'
        : 'La aseguradora recibirá un correo con el reporte de respuestas; ya no podrá modificarlas.',
      okText: obs ? 'Enviar observaciones' : 'Enviar respuestas',
      cancelText: 'Cancelar',
      onOk: () => m.mutateAsync({ accion, tipo }).catch(() => undefined),
    });
  }
  return { confirmar, pending: m.isPending };
}

/** The header buttons of the procedure page: send observations / answers and the observations link. */
export function EnvioBotones({
  tramite: t,
  idPerfil,
  feedback,
  enlace = true,
  tipo,
}: {
  tramite: TramiteRef;
  idPerfil: number;
  feedback: Feedback;
  /** Also the 'Observaciones' link (the procedure page). */
  enlace?: boolean;
  /** The type the provider's screen is showing (the answers of that type). */
  tipo?: TipoRevision;
}) {
  const envio = useEnvio(t, feedback);
  const navigate = useNavigate();
  const out = [];
  const enviar = (accion: Accion, tipoEnvio: TipoRevision | undefined, icon: ReactNode, texto: string) => (
    <Button
      key={accion}
      type="primary"
      icon={icon}
      loading={envio.pending}
      onClick={() => envio.confirmar(accion, tipoEnvio)}
    >
      {texto}
    </Button>
  );
  if (t.acciones.includes('enviar-observaciones')) {
    const suyo = TIPOS_REVISION.find((x) => perfilEnvioObservaciones(x) === idPerfil);
    if (suyo)
      out.push(enviar('enviar-observaciones', suyo, <MailOutlined aria-hidden />, 'Enviar observaciones'));
  }
  if (t.acciones.includes('enviar-respuestas'))
    out.push(enviar('enviar-respuestas', tipo, <SendOutlined aria-hidden />, 'Enviar respuestas'));
  if (enlace)
    out.push(
      <Button
        key="obs"
        icon={<MessageOutlined aria-hidden />}
        onClick={() =>
          navigate(
            idPerfil === 15
              ? `/tramite-observaciones/${t.idTramite}`
              : `/observaciones-tramite/${t.idTramite}`,
          )
        }
      >
        Observaciones
      </Button>,
    );
  return out.length > 0 ? (
    <Space wrap size={8}>
      {out}
    </Space>
  ) : null;
}
