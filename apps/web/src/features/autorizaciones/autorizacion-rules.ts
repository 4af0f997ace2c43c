import { fieldErrors } from '@app/domain/common/errors';
import { formatPeriod } from '@app/domain/common/format';
/**
 * Pure rules of the authorization screens (docs/spec-summary.md 000 §2 "Procedure detail, provider side and
 * authorization"), the 'Solicitudes' button and the integration help: breadcrumbs by profile, tabs,
 * which loads take files, the request form's check and the curl examples.
 */

import {
  ESTADOS_CARGA_AUTORIZACION,
  muestraCargaAutorizacion,
  puedeCargarConAutorizacion,
  solicitudesHabilitadas,
  solicitudesVisible,
} from '@app/domain/autorizaciones/rules';
import { autorizacionInputSchema } from '@app/domain/autorizaciones/schemas';
import type { EstadoTramite } from '@app/domain/tramites/workflow';
import type { BreadcrumbEntry } from '../../components/page-header.tsx';
import { detailPath, listHref } from '../tramites/tramite-rules.ts';
import type { Autorizacion, CargaActiva } from './autorizaciones-api.ts';

const PRESTADOR = 15;

/**
 * 'Trámites > Trámite {id}' as the spec says: profile 15 goes to /tramite-carga and
 * /tramiteform-carga/{id}, profile 16 to /tramite and /tramiteform/{id}; the other profiles to their
 * own list (18 and 20 the assigned one).
 */
export function migasTramite(idPerfil: number, idTramite: number): BreadcrumbEntry[] {
  const lado = idPerfil === PRESTADOR ? 'carga' : 'auditoria';
  return [
    { title: 'Trámites', href: listHref(lado, idPerfil) },
    { title: `Trámite ${idTramite}`, href: detailPath(idPerfil, idTramite) },
  ];
}

export const autorizacionesPath = (idTramite: number) => `/autorizacion-tramite/${idTramite}`;
export const autorizacionPath = (idTramite: number, idAutorizacion: number) =>
  `/tramiteform-carga-aut/${idTramite}/${idAutorizacion}`;

export type TabAutorizacion = 'carga' | 'atenciones' | 'sin-documentacion';

export const TAB_AUT_LABELS: Readonly<Record<TabAutorizacion, string>> = {
  carga: 'Carga de datos',
  atenciones: 'Atenciones médicas',
  'sin-documentacion': 'Atenciones sin documentación',
};

/** Data upload from CARGADO onwards; the attention tabs always (empty until the loads are organised). */
export function tabsAutorizacion(estadoTramite: string): TabAutorizacion[] {
  return [
    ...(muestraCargaAutorizacion(estadoTramite) ? (['carga'] as const) : []),
    'atenciones',
    'sin-documentacion',
  ];
}

export function resolveTabAut(
  requested: string | null,
  visibles: readonly TabAutorizacion[],
): TabAutorizacion {
  return visibles.find((t) => t === requested) ?? visibles[0];
}

/** The provider may upload and organise now: an approved authorization in a state that takes A loads. */
export const cargaHabilitada = (
  idPerfil: number,
  estadoTramite: string,
  a: Pick<Autorizacion, 'estadoAut'>,
) => idPerfil === PRESTADOR && puedeCargarConAutorizacion(estadoTramite, a);

/** Loads that take the attentions' files: active, processed and organised; those without files first. */
export function cargasParaArchivos<C extends CargaActiva>(cargas: readonly C[]): C[] {
  return cargas
    .filter((c) => c.estado === 1 && c.estadoProceso === 'COMPLETADA' && c.tienePlanillas === 1)
    .sort((a, b) => a.tieneArchivos - b.tieneArchivos || b.idCarga - a.idCarga);
}

/** 'Solicitudes' in the procedure header: shown and enabled by the spec's rule. */
export function botonSolicitudes(t: { estadoTramite: string; numCargas: number }) {
  return { visible: solicitudesVisible(t), disabled: !solicitudesHabilitadas(t) };
}

export const periodoAutorizacion = (a: Pick<Autorizacion, 'fechaDesde' | 'fechaHasta'>) =>
  a.fechaDesde && a.fechaHasta ? formatPeriod(a) : '—';

export const estadosCargaAutorizacion: readonly EstadoTramite[] = ESTADOS_CARGA_AUTORIZACION;

export type SolicitudForm = { descripcion?: string; fechaDesde?: string | null; fechaHasta?: string | null };

/** The API's own check of a new request, as field → first message ('El campo … es obligatorio.'). */
export function validarSolicitud(v: SolicitudForm): Record<string, string> | null {
  const res = autorizacionInputSchema.safeParse({
    descripcion: v.descripcion ?? '',
    fechaDesde: v.fechaDesde ?? '',
    fechaHasta: v.fechaHasta ?? '',
  });
  return res.success ? null : fieldErrors(res.error, null);
}

// ---------------------------------------------------------------------------------------------------
// Integration help

export type EjemploCurl = { base: string; sandbox: boolean; completo: boolean; idServicio?: number };

/** A curl call of registro-datos / registro-completo with the personal token in $TOKEN. */
export function ejemploCurl({ base, sandbox, completo, idServicio = 1 }: EjemploCurl): string {
  const ruta = `${base}/api/v1/${sandbox ? 'sandbox/' : ''}cargatramites/${completo ? 'registro-completo' : 'registro-datos'}`;
  const lineas = [
    `curl -X POST "${ruta}" \\`,
    '  -H "Authorization: Bearer $TOKEN" \\',
    '  -F fechaDesde=2026-03-01 -F fechaHasta=2026-03-31 \\',
    `  -F idServicio=${idServicio} \\`,
    `  -F "archivoDatos=@atenciones.json"${completo ? ' \\' : ''}`,
  ];
  if (completo) {
    lineas.push('  -F "archivosRespaldo=@informe-0001.pdf" \\', '  -F "archivosRespaldo=@receta-0001.png"');
  }
  return lineas.join('\n');
}

/** A JSON data file of one attention, as the technical manual describes it (idTramite may be empty). */
export const EJEMPLO_JSON = `[
  {
    "idTramite": "",
    "noPlanilla": "0001",
    "cedula1": "1710034065",
    "cedula2": "0912345675",
    "nombre": "PÉREZ LOOR MARÍA JOSÉ",
    "fIngreso": "2026-03-02",
    "fSalida": "2026-03-02",
    "diagPri": "J06.9",
    "diagSec": "",
    "lMuerto": "N",
    "fTarifario": "1",
    "noServicio": "99203",
    "cantidad": "1",
    "vSem": "25.50",
    "vPaciente": "0",
    "noModificador": "",
    "nombreMedIns": "DR. CARLOS VERA",
    "tipo": "P",
    "fechaAtencion": "2026-03-02"
  }
]`;
