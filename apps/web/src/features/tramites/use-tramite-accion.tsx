import { formatCount } from '@app/domain/common/format';
import { ERROR_CODE, MSG } from '@app/domain/messages';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import type { Accion } from '@app/domain/tramites/workflow';
import { useQueryClient } from '@tanstack/react-query';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import type { Lado } from './tramite-rules.ts';
import { type TramiteDetalle, tramiteKeys, tramitesApi } from './tramites-api.ts';

type Feedback = ReturnType<typeof useFeedback>;

function Lines({ lines }: { lines: (string | undefined)[] }) {
  const shown = lines.filter((l, i): l is string => !!l && lines.indexOf(l) === i);
  return shown.map((l) => (
    <p key={l} style={{ margin: '4px 0 0' }}>
      {l}
    </p>
  ));
}

/**
 * Runs one workflow action on a procedure with the spec's feedback (docs/spec-summary.md 000 §8): 'Éxito' for
 * receiving, 'Trámite finalizado', the finalize conditions dialog, and a refresh when the state
 * changed under the user (409). The current state travels with every call so a stale screen fails.
 */
export function useTramiteAccion(tramite: TramiteDetalle | undefined, lado: Lado, feedback: Feedback) {
  const queryClient = useQueryClient();
  const mutation = useEnvio({
    mutationFn: ({ accion }: { accion: Accion }) => {
      if (!tramite) throw new Error(MSG_TRAMITE.parametroIdTramite);
      return tramitesApi.accion(tramite.idTramite, accion, tramite.estadoTramite);
    },
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: tramiteKeys.all });

  function showError(accion: Accion, e: Error) {
    const code = e instanceof ApiError ? e.code : undefined;
    const status = e instanceof ApiError ? e.status : 0;
    if (accion === 'finalizar' && code === ERROR_CODE.planillasNoFinalizadas) {
      const pendientes = e instanceof ApiError ? Number(e.fields?.pendientes) : Number.NaN;
      feedback.modal.error({
        title: MSG_TRAMITE.finalizarDialogoTitulo,
        content: (
          <Lines
            lines={[
              MSG_TRAMITE.finalizarDialogoDetalle,
              Number.isFinite(pendientes) && pendientes > 0
                ? `Atenciones médicas pendientes de finalizar: ${formatCount(pendientes)}.`
                : undefined,
            ]}
          />
        ),
        okText: 'Aceptar',
      });
    } else if (accion === 'finalizar') {
      feedback.errorDialog(MSG_TRAMITE.finalizarError, e.message);
    } else if (accion === 'recibir') {
      feedback.errorDialog(MSG_TRAMITE.recibirError, e.message);
    } else if (lado === 'auditoria') {
      feedback.errorDialog(MSG_TRAMITE.errorActualizarAuditor, e.message);
    } else {
      feedback.modal.error({
        title: MSG.error,
        content: <Lines lines={[MSG_TRAMITE.errorGuardar, e.message]} />,
        okText: 'Aceptar',
      });
    }
    // A state conflict means the screen is stale: show the procedure as it is now.
    if (status === 409 || status === 422) void refresh();
  }

  function run(accion: Accion, onDone?: () => void) {
    if (!tramite || mutation.isPending) return Promise.resolve();
    return mutation
      .mutateAsync({ accion })
      .then((res) => {
        if (!res) return; // a second press while the first runs
        queryClient.setQueryData(tramiteKeys.detail(res.item.idTramite), res.item);
        if (accion === 'recibir')
          feedback.notification.success({ title: MSG_TRAMITE.recibirExito, description: res.mensaje });
        else if (accion === 'finalizar') feedback.notification.success({ title: MSG_TRAMITE.finalizado });
        else feedback.success(res.mensaje);
        void refresh();
        onDone?.();
      })
      .catch((e: Error) => showError(accion, e));
  }

  return { run, pending: mutation.isPending, variables: mutation.variables };
}
