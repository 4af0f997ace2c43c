import type { EstadoTramite } from '@app/domain/tramites/workflow';

/*
 * The help of the procedure page's header icon (docs/spec-summary.md 000 §2 'a help icon'): what the procedure's
 * state means and what the user's profile does next in it.
 */

/** Who reads the help: the provider, a supervisor (16, 17, 19) or an operative (18, 20). */
export type RolAyuda = 'prestador' | 'supervisor' | 'operativo';

export function rolAyuda(idPerfil: number): RolAyuda {
  if (idPerfil === 15) return 'prestador';
  return idPerfil === 18 || idPerfil === 20 ? 'operativo' : 'supervisor';
}

export const ROL_TITULO: Record<RolAyuda, string> = {
  prestador: 'Prestador',
  supervisor: 'Supervisión',
  operativo: 'Auditor / gestor documental',
};

type AyudaEstado = { significa: string } & Record<RolAyuda, string>;

const ESPERA_PRESTADOR =
  'El trámite todavía está en manos del prestador; la aseguradora lo verá cuando lo envíe.';

export const AYUDA_ESTADOS: Record<EstadoTramite, AyudaEstado> = {
  REGISTRADO: {
    significa: 'El trámite está creado, sin datos cargados.',
    prestador:
      'Revise el período y la descripción (se pueden editar en este estado) y use "Cargar Atenciones" o "Cargar semana n" en la pestaña de carga con el archivo preparado según el manual técnico.',
    supervisor: ESPERA_PRESTADOR,
    operativo: ESPERA_PRESTADOR,
  },
  CARGADO: {
    significa: 'El archivo de datos se cargó sin errores.',
    prestador:
      'Revise las novedades de la carga (Opciones › Novedades) y pulse "Organizar Atenciones Médicas" para agrupar las filas en atenciones.',
    supervisor: ESPERA_PRESTADOR,
    operativo: ESPERA_PRESTADOR,
  },
  ESTRUCTURADO: {
    significa: 'Las filas están organizadas en atenciones médicas.',
    prestador:
      'Cargue la carpeta de documentos: cada archivo se nombra con el número de la atención. Revise la pestaña de atenciones sin documentación.',
    supervisor: ESPERA_PRESTADOR,
    operativo: ESPERA_PRESTADOR,
  },
  DOCUMENTADO: {
    significa: 'Las atenciones tienen documentos de respaldo cargados.',
    prestador:
      'Verifique que no queden atenciones sin documentos y pulse "Enviar trámite": pasará a la aseguradora y ya no podrá modificarlo.',
    supervisor: ESPERA_PRESTADOR,
    operativo: ESPERA_PRESTADOR,
  },
  ENVIADO: {
    significa: 'El prestador presentó el trámite a la aseguradora.',
    prestador: 'Espere a que la aseguradora lo reciba; puede consultar sus atenciones y cargas.',
    supervisor: 'Reciba el trámite (el sistema lo pregunta al abrirlo) para empezar su auditoría.',
    operativo: 'Espere a que un supervisor reciba el trámite y le asigne atenciones.',
  },
  RECIBIDO: {
    significa: 'La aseguradora recibió el trámite.',
    prestador:
      'La aseguradora revisará sus atenciones; las observaciones le llegarán por correo y en el sistema.',
    supervisor:
      'Asigne las atenciones a los auditores médicos o gestores documentales (pestañas de asignación) o pulse "En Proceso".',
    operativo: 'Espere la asignación de atenciones por su supervisor.',
  },
  'EN PROCESO': {
    significa: 'Las atenciones están en auditoría médica y documental.',
    prestador: 'Espere el resultado; si la aseguradora envía observaciones, deberá responderlas.',
    supervisor:
      'Siga el avance en "Atenciones médicas", cambie la asignación si hace falta, envíe observaciones al prestador y finalice las atenciones revisadas.',
    operativo:
      'Filtre sus atenciones PENDIENTE, revíselas (datos a la izquierda, documentos a la derecha) y registre la revisión u observaciones.',
  },
  OBSERVACIONES: {
    significa: 'La aseguradora envió observaciones y espera las respuestas del prestador.',
    prestador:
      'Abra las observaciones del trámite, responda cada una (y adjunte documentos si corresponde) y envíe las respuestas.',
    supervisor: 'Espere las respuestas del prestador; luego revíselas y continúe la auditoría.',
    operativo: 'Espere las respuestas del prestador a las observaciones.',
  },
  PLANILLAJE: {
    significa: 'La auditoría terminó y el trámite está en liquidación.',
    prestador: 'Espere la liquidación del trámite.',
    supervisor: 'Revise los totales y reportes y pulse "Finalizar Trámite" cuando la liquidación esté lista.',
    operativo: 'No quedan revisiones pendientes en este estado.',
  },
  FINALIZADO: {
    significa: 'El trámite está cerrado.',
    prestador: 'Consulte sus atenciones, reportes y documentos; ya no se puede modificar.',
    supervisor: 'Consulte los reportes; puede reabrirlo si fuera necesario.',
    operativo: 'El trámite está cerrado; solo queda la consulta.',
  },
  ANULADO: {
    significa:
      'El prestador anuló el trámite antes de enviarlo. Ya no aparece en las listas y se conserva con su bitácora para auditoría.',
    prestador:
      'No se puede reactivar ni modificar. Para presentar esas atenciones registre un trámite nuevo; este se encuentra filtrando la lista por el estado ANULADO.',
    supervisor: 'La aseguradora nunca lo recibió; se conserva solo para auditoría.',
    operativo: 'La aseguradora nunca lo recibió; se conserva solo para auditoría.',
  },
};
