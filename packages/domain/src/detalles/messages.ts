import { formatDate } from '../common/format.ts';

/** Spanish texts of the line-item editing and of the money of the audit (issue 13 items 2–3). */
export const MSG_DETALLE_EDICION = {
  cantidadMinima: 'La cantidad no puede ser menor que 1',
  elementoRequerido: 'Seleccione un elemento.',
  elementoNoExiste: 'El elemento seleccionado no existe.',
  sinEquivalencia: (codigo: string) =>
    `El código ${codigo} del prestador no tiene equivalencia con un elemento codificado.`,
  fechaFuera: (desde: string, hasta: string) =>
    `La fecha de atención debe estar entre ${formatDate(desde)} y ${formatDate(hasta)}.`,
  fechaRequerida: 'Ingrese la fecha de atención.',
  valorInvalido: 'Ingrese un valor con hasta 2 decimales (por ejemplo 12.50).',
  aprobadoMayor: 'El valor aprobado no puede superar el valor reclamado.',
  glosaSinObservacion: 'La glosa debe tener una observación que la justifique.',
  glosaDetalleInactivo:
    'El detalle está inactivo: todo su valor está glosado. Actívelo para cambiar el valor aprobado.',
  fechaSoloLabImagen: 'Solo se actualiza la fecha de los elementos de laboratorio o imagen.',
  sinTarifa: 'El prestador no tiene tarifa convenida para este elemento.',
  sinExcesoTarifa: 'El valor unitario no supera la tarifa convenida: no hay glosa que proponer.',
  detalleCreado: '¡Registro creado exitosamente!',
  detalleActualizado: '¡Registro actualizado exitosamente!',
  aprobadoActualizado: 'Valor aprobado actualizado.',
  fechaActualizada: 'Fecha de atención actualizada.',
  glosaTarifaAplicada: 'Glosa por valor superior a la tarifa convenida registrada con su observación.',
  equivalenciaActualizada: '¡Equivalencia actualizada exitosamente!',
  busquedaCorta: 'Ingrese al menos 2 caracteres.',
} as const;

/** The standard observation (type M) a glosa for a price above the agreed tariff carries. */
export const OBS_TARIFA_SUPERIOR = 'VALOR SUPERIOR A LA TARIFA CONVENIDA';
