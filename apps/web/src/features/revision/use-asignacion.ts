import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { useEnvio } from '../../lib/use-envio.ts';
import { type TramiteDetalle, tramiteKeys } from '../tramites/tramites-api.ts';
import { type AsignacionRespuesta, revisionApi, revisionKeys } from './revision-api.ts';
import {
  type AsignacionForm,
  asignacionBody,
  MSG_ASIGNACION,
  type TipoAsignacion,
  tipoRevisionDe,
} from './revision-rules.ts';

/** Who can receive attentions of this type (with their counts) and the procedure's loads, always fresh. */
export function useAsignacionDatos(idTramite: number, tipo: TipoAsignacion) {
  const tr = tipoRevisionDe(tipo);
  const staff = useQuery({
    queryKey: revisionKeys.asignacion(idTramite, tr),
    queryFn: ({ signal }) => revisionApi.asignacion(idTramite, tr, signal),
    staleTime: 0,
  });
  const cargas = useQuery({
    queryKey: revisionKeys.cargasAsignacion(idTramite, tr),
    queryFn: ({ signal }) => revisionApi.cargasAsignacion(idTramite, tr, signal),
    staleTime: 0,
  });
  return { staff, cargas, usuarios: staff.data?.usuarios ?? [], cargaList: cargas.data?.items ?? [] };
}

/**
 * The assignment of one type (one request however often it is pressed): its notices, and afterwards
 * the review and procedure caches refreshed (the counts and the procedure's state change).
 */
export function useAsignar({
  tramite: t,
  tipo,
  feedback,
  onAsignado,
}: {
  tramite: TramiteDetalle;
  tipo: TipoAsignacion;
  feedback: ReturnType<typeof useFeedback>;
  onAsignado: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: revisionKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
  };

  const asignar = useEnvio({
    mutationFn: (form: AsignacionForm) => revisionApi.asignar(t.idTramite, asignacionBody(form, tipo)),
    onSuccess: (res: AsignacionRespuesta) => {
      if (res.asignadas === 0) {
        feedback.notification.warning({ title: 'Sin cambios', description: MSG_ASIGNACION.sinCambios });
      } else {
        feedback.success(res.mensaje);
        if (res.estadoTramite !== t.estadoTramite) {
          feedback.notification.info({
            title: 'Trámite EN PROCESO',
            description: MSG_ASIGNACION.tramiteEnProceso,
          });
        }
      }
      onAsignado();
    },
    onError: (e: Error) => feedback.errorDialog(MSG_ASIGNACION.noSePudo, e.message),
    onSettled: refresh,
  });
  return { asignar, refresh };
}
