import type { Option, OptionSource } from '../../components/form/field-spec.ts';
import { adminApi } from './admin-api.ts';

/** Option sources shared by the administration forms. */
export const OPTIONS = {
  perfil: { catalog: 'perfil', idField: 'idPerfil', label: 'nombre' },
  localidad: { catalog: 'localidad', idField: 'idLocalidad', label: ['nombre', 'provincia'], remote: true },
  suscripcion: {
    key: ['suscripciones'],
    remote: true,
    load: async (signal, q) =>
      (await adminApi.suscripciones.list({ pageSize: 100, q, sort: '-fechaDesde' }, signal)).items.map(
        (s): Option => ({
          value: s.idSuscripcion,
          label: `${s.numero} · ${s.empresaNombre} (${s.planNombre})`,
        }),
      ),
  },
  persona: {
    key: ['personas'],
    remote: true,
    load: async (signal, q) =>
      (await adminApi.personas.list({ pageSize: 100, q }, signal)).items.map(
        (p): Option => ({ value: p.idPersona, label: `${p.documento} - ${p.nombreCompleto}` }),
      ),
  },
} satisfies Record<string, OptionSource>;
