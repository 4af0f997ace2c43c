/** Response schemas of the ambulatory loads' routes (apps/api/src/features/cargaamb). */
import { z } from 'zod';
import { fecha, instante, pageOf } from '../common/responses.ts';

/** A row of the list: what the detail starts with. */
const cargaAmbFila = z.object({
  idCargaAmb: z.number().int(),
  idTramite: z.number().int(),
  idCarga: z.number().int().nullable(),
  numero: z.string(),
  nombrePaciente: z.string(),
  cedula: z.string(),
  tipo: z.string().nullable(),
  fecha: fecha.nullable(),
});

/** `GET /api/v1/tramites/:id/cargaamb` → 200. */
export const getTramitesByIdCargaambResponse = pageOf(cargaAmbFila);

/** `GET /api/v1/tramites/:id/cargaamb/:idCargaAmb` → 200. */
export const getTramitesByIdCargaambByIdCargaAmbResponse = cargaAmbFila.extend({
  codVal: z.unknown().nullable(),
  diag1: z.string().nullable(),
  diag2: z.string().nullable(),
  diag3: z.string().nullable(),
  diag4: z.string().nullable(),
  diag5: z.string().nullable(),
  motivo: z.string().nullable(),
  horaDesde: z.string().nullable(),
  horaHasta: z.string().nullable(),
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
  laboratorio01: z.string().nullable(),
  laboratorio02: z.string().nullable(),
  laboratorio03: z.string().nullable(),
  laboratorio04: z.string().nullable(),
  laboratorio05: z.string().nullable(),
  laboratorio06: z.string().nullable(),
  laboratorio07: z.string().nullable(),
  laboratorio08: z.string().nullable(),
  laboratorio09: z.string().nullable(),
  laboratorio10: z.string().nullable(),
  imagen01: z.string().nullable(),
  imagen02: z.string().nullable(),
  imagen03: z.string().nullable(),
  imagen04: z.string().nullable(),
  imagen05: z.string().nullable(),
  imagen06: z.string().nullable(),
  imagen07: z.string().nullable(),
  imagen08: z.string().nullable(),
  imagen09: z.string().nullable(),
  imagen10: z.string().nullable(),
});

/** `POST /api/v1/tramites/:id/cargaamb` → 201. */
export const postTramitesByIdCargaambResponse201 = z.object({
  mensaje: z.string(),
  registros: z.number().int(),
});
