import { formatCount } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { MSG_ANULACION, type ResumenEliminacionCarga } from '@app/domain/tramites/anulacion';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { api } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { type Carga, cargaKeys, cargasApi } from './cargas-api.ts';
import { useSeguirOrganizacion } from './use-seguir-organizacion.ts';

/**
 * Deleting and organising a load (the loads panel's options), each after its confirmation, one request
 * however often it is pressed; either refreshes the loads and the procedure (organising, once its
 * background job ends).
 */
export function useCargaAcciones(
  feedback: ReturnType<typeof useFeedback>,
  list: { rows: Carga[]; dataUpdatedAt: number },
) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: cargaKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
  }, [queryClient]);
  // Organising is a background job (decision 85): its end is told when the polled row shows it.
  const seguir = useSeguirOrganizacion(list, feedback, refresh);

  // One request per confirmation, however often it is pressed (issue 14 §2).
  const borrar = useEnvio({ mutationFn: (c: Carga) => cargasApi.remove(c.idCarga) });
  const organizar = useEnvio({ mutationFn: (c: Carga) => cargasApi.organizar(c.idCarga) });
  const ocupado = borrar.isPending || organizar.isPending;

  /** Names what is lost (rows, attentions, lines, files) before deleting (issue 14 §2, decision 51). */
  async function confirmBorrar(c: Carga) {
    let r: ResumenEliminacionCarga;
    try {
      r = await api<ResumenEliminacionCarga>(`/cargas/${c.idCarga}/eliminacion`);
    } catch (e) {
      feedback.errorDialog(MSG_TRAMITE.algoSalioMal, (e as Error).message);
      return;
    }
    if (!r.puedeEliminar) {
      feedback.errorDialog(MSG.noSePudoEliminar, r.motivo ?? undefined);
      return;
    }
    feedback.modal.confirm({
      title: `¿Borrar la carga ${c.idCarga}?`,
      content: (
        <>
          <p style={{ margin: '4px 0 0' }}>{MSG_ANULACION.eliminarCargaPerdida(r)}</p>
          {c.tieneErrores === 1 ? (
            <p style={{ margin: '4px 0 0' }}>
              {`Sus ${formatCount(c.contadorErrores) || '0'} errores también. La carga quedará como "${MSG_TRAMITE.cargaBorrada}".`}
            </p>
          ) : (
            <p style={{ margin: '4px 0 0' }}>{MSG_ANULACION.eliminarCargaConsecuencia}</p>
          )}
        </>
      ),
      okText: 'Borrar Carga',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      focusable: { autoFocusButton: 'cancel' },
      onOk: () =>
        borrar
          .mutateAsync(c)
          .then(() => {
            feedback.success(MSG_TRAMITE.cargaEliminada);
          })
          .catch((e: Error) => {
            feedback.errorDialog(MSG_TRAMITE.algoSalioMal, e.message);
          })
          .finally(refresh),
    });
  }

  function confirmOrganizar(c: Carga) {
    // Queued or under way: a second press is ignored.
    if (seguir.enCurso(c) || organizar.isPending) return;
    feedback.modal.confirm({
      title: '¿Organizar las atenciones médicas?',
      content: `Las ${formatCount(c.numeroRegistros) || '0'} filas de la carga ${c.idCarga} se agruparán en atenciones médicas por número de planilla.`,
      okText: 'Organizar',
      cancelText: 'Cancelar',
      onOk: () =>
        organizar
          .mutateAsync(c)
          .then(async () => {
            // Lists fetched before the answer are dropped: only later rows tell the job's end.
            await queryClient.cancelQueries({ queryKey: cargaKeys.all });
            seguir.pedida(c.idCarga);
          })
          .catch((e: Error) => {
            feedback.errorDialog(MSG_TRAMITE.algoSalioMal, e.message);
          })
          .finally(refresh),
    });
  }

  return { confirmBorrar, confirmOrganizar, ocupado, organizando: seguir.enCurso };
}
