import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { PlanillaFila } from '@app/domain/planillas/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { useEnvio } from '../../lib/use-envio.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { planillaKeys, planillasApi } from './planillas-api.ts';

/**
 * The writes of the attentions table: one row's level, the level of a whole load, and deleting or
 * restoring a row; each refreshes the attentions (and, for a row's state, the procedure's counts).
 */
export function useAtencionAcciones(idTramite: number, feedback: ReturnType<typeof useFeedback>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refrescarPlanillas = () => void queryClient.invalidateQueries({ queryKey: planillaKeys.all });
  const refrescar = () => {
    void queryClient.invalidateQueries({ queryKey: planillaKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.detail(idTramite) });
  };

  // Row toggles may run side by side (one per row): plain mutations.
  const nivel = useMutation({
    mutationFn: ({ row, n }: { row: PlanillaFila; n: 1 | 2 }) =>
      planillasApi.nivel(row.idPlanilla, n, row.version),
    onSuccess: (r) => message.success(r.mensaje),
    onError: (e: Error) => feedback.errorDialog(MSG_PLANILLA.nivelError, e.message),
    onSettled: refrescarPlanillas,
  });
  const nivelCarga = useEnvio({
    mutationFn: ({ idCarga, n }: { idCarga: number; n: 1 | 2 }) => planillasApi.nivelCarga(idCarga, n),
    onSuccess: (r) => feedback.success(r.mensaje),
    onError: (e: Error, v) => feedback.errorDialog(MSG_PLANILLA.nivelesError(v.n), e.message),
    onSettled: refrescarPlanillas,
  });
  const estadoFila = useMutation({
    mutationFn: ({ row, borrar }: { row: PlanillaFila; borrar: boolean }) =>
      borrar ? planillasApi.borrar(row.idPlanilla) : planillasApi.restaurar(row.idPlanilla),
    onSuccess: (r) => feedback.success(r.mensaje),
    onError: (e: Error, v) =>
      feedback.errorDialog(
        v.borrar ? MSG_PLANILLA.noSePudoEliminar : 'No se pudo restaurar la planilla.',
        e.message,
      ),
    onSettled: refrescar,
  });
  return { nivel, nivelCarga, estadoFila };
}

export type AtencionAcciones = ReturnType<typeof useAtencionAcciones>;
