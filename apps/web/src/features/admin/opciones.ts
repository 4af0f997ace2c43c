import type { Option, OptionSource } from '../../components/form/field-spec.ts';
import { adminApi } from './admin-api.ts';

/** Option sources shared by the administration forms. */
export const OPTIONS = {
  perfil: { catalog: 'perfil', idField: 'idPerfil', label: 'nombre' },
  medioCom: { catalog: 'mediocom', idField: 'idMedioCom', label: 'nombre' },
  tipoIden: { catalog: 'tipoiden', idField: 'idTipoIden', label: 'nombre' },
  estadoCivil: { catalog: 'estadocivil', idField: 'idEstadoCivil', label: 'nombre' },
  localidad: { catalog: 'localidad', idField: 'idLocalidad', label: ['nombre', 'provincia'], remote: true },
  sexo: {
    static: [
      { value: 'M', label: 'Masculino' },
      { value: 'F', label: 'Femenino' },
    ],
  },
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
  empresa: {
    key: ['empresas'],
    remote: true,
    load: async (signal, q) =>
      (await adminApi.empresas.list({ pageSize: 100, q }, signal)).items.map(
        (e): Option => ({ value: e.idEmpresa, label: `${e.nombreCorto} (${e.documento})` }),
      ),
  },
} satisfies Record<string, OptionSource>;
