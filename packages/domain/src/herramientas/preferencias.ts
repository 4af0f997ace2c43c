import { z } from 'zod';
import { PERFIL } from '../auth/profiles.ts';

/*
 * A user's preferences kept on the server (issue 14 §4, decision 58; `GET/PUT /api/v1/auth/me/preferencias`,
 * table usuario_preferencia of migration 0020), so that they follow the user to another browser. The first ones
 * belong to the guided tours (apps/web/src/features/ayuda/recorridos/): whether the tour was offered on the
 * first sign-in, and which tours the user walked to the end.
 */

/**
 * The guided tours: a short one of the product for everyone, and one per kind of work — the provider's (15),
 * the insurer's audit (16–20) and administration (1).
 */
export const RECORRIDOS = ['general', 'prestador', 'auditoria', 'administracion'] as const;
export type Recorrido = (typeof RECORRIDOS)[number];

/** The tour of a profile's work, offered on its first sign-in; null when it has none. */
export function recorridoDePerfil(idPerfil: number): Recorrido | null {
  if (idPerfil === PERFIL.PRESTADOR) return 'prestador';
  if (idPerfil === PERFIL.ADMINISTRADOR) return 'administracion';
  const auditoria: number[] = [
    PERFIL.REVISOR,
    PERFIL.SUPERVISOR_AM,
    PERFIL.AUDITOR_AM,
    PERFIL.SUPERVISOR_GD,
    PERFIL.GESTOR_GD,
  ];
  return auditoria.includes(idPerfil) ? 'auditoria' : null;
}

const recorrido = z.enum(RECORRIDOS, { error: 'Recorrido no válido.' });

/** `GET /api/v1/auth/me/preferencias` → 200, and the answer of the PUT. */
export const preferenciasSchema = z.object({
  /** The tour was offered once (on the first sign-in); it is not offered again. */
  recorridoOfrecido: z.boolean(),
  /** Tours walked to their last step. */
  recorridosCompletados: z.array(recorrido),
});
export type Preferencias = z.infer<typeof preferenciasSchema>;

export const PREFERENCIAS_INICIALES: Preferencias = { recorridoOfrecido: false, recorridosCompletados: [] };

/** What a stored row holds, read leniently: unknown or outdated keys are dropped, missing ones take the default. */
export function preferenciasDe(guardadas: unknown): Preferencias {
  const g = (guardadas ?? {}) as Record<string, unknown>;
  return {
    recorridoOfrecido: g.recorridoOfrecido === true,
    recorridosCompletados: Array.isArray(g.recorridosCompletados)
      ? RECORRIDOS.filter((r) => (g.recorridosCompletados as unknown[]).includes(r))
      : [],
  };
}

/** `PUT /api/v1/auth/me/preferencias`: the preferences to change; the ones left out keep their value. */
export const preferenciasUpdateSchema = z
  .strictObject(
    {
      recorridoOfrecido: z.boolean({ error: 'Indique sí o no.' }).optional(),
      recorridosCompletados: z
        .array(recorrido, { error: 'Indique la lista de recorridos completados.' })
        .max(RECORRIDOS.length, 'Hay recorridos repetidos.')
        .refine((l) => new Set(l).size === l.length, 'Hay recorridos repetidos.')
        .optional(),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? 'Preferencia desconocida.' : undefined) },
  )
  .refine((v) => Object.keys(v).length > 0, 'Indique al menos una preferencia.');
export type PreferenciasUpdate = z.infer<typeof preferenciasUpdateSchema>;
