import { describe, expect, it } from 'vitest';
import { ALL_RESOURCES, getDetailScreen, getResource } from '../recursos.ts';
import {
  ALL_CATALOGS,
  CATALOGS,
  catalogInputSchema,
  catalogListQuerySchema,
  getCatalog,
  MASTER_DETAILS,
  normalizeCode,
  refLabelKey,
  refLabelName,
  validateCatalogInput,
} from './index.ts';

describe('catalogue declarations', () => {
  it('every catalogue and administration resource is well formed', () => {
    for (const def of Object.values(ALL_RESOURCES)) {
      const names = def.fields.map((f) => f.name);
      const joined = (def.joined ?? []).map((j) => j.name);
      expect(new Set([...names, ...joined]).size, def.name).toBe(names.length + joined.length);
      for (const j of def.joined ?? []) expect(names, `${def.name}.${j.name}`).toContain(j.via);
      const stamps = def.stampColumns ?? [];
      for (const c of def.listColumns ?? [])
        expect([...names, ...joined, ...stamps], `${def.name}.${c}`).toContain(c);
      for (const g of def.formGroups?.groups ?? [])
        for (const n of g.fields) expect(names, `${def.name}.${g.title}`).toContain(n);
      if (def.tenantOr) expect(names, `${def.name} tenantOr`).toContain(def.tenantOr.field);
      // A concatenated field (a person's full name) is computed from declared fields and never written.
      for (const f of def.fields.filter((x) => x.concat)) {
        expect(f.form, `${def.name}.${f.name}`).toBe(false);
        for (const n of [...f.concat!.fields, ...(f.concat!.sortFields ?? [])])
          expect(names, `${def.name}.${f.name}`).toContain(n);
      }
      expect(def.searchFields.length, def.name).toBeGreaterThan(0);
      for (const s of def.searchFields) expect([...names, ...joined], `${def.name}.${s}`).toContain(s);
      // A reference's label sorts too (a doctor's person, by surname).
      const labels = def.fields.filter((f) => f.ref).map(refLabelName);
      expect([def.idField, 'fechaReg', 'fechaAct', ...names, ...joined, ...labels], def.name).toContain(
        def.defaultSort.replace(/^-/, ''),
      );
      for (const f of def.fields)
        if (f.ref) expect(getResource(f.ref.catalog), `${def.name}.${f.name}`).toBeDefined();
      if (typeof def.tenant === 'object') {
        const through = def.fields.find((f) => f.name === (def.tenant as { through: string }).through);
        expect(through?.ref, `${def.name} tenant`).toBeDefined();
        expect(getResource(through!.ref!.catalog)?.tenant, `${def.name} tenant`).not.toBe('sistema');
      }
      if (def.dateRange) for (const d of def.dateRange) expect(names, `${def.name}.${d}`).toContain(d);
      if (def.unique) expect(names, `${def.name} unique`).toContain(def.unique.field);
      // A resource of its own path is no catalogue: /catalogos/{name} does not serve it.
      if (def.api) expect(getCatalog(def.name), def.name).toBeUndefined();
      // A declared record screen is this resource's (a hand-written one, `empresaform`, is not declared).
      const screen = def.detailRoute ? getDetailScreen(def.detailRoute) : undefined;
      if (screen) {
        expect(screen.master, `${def.name} detailRoute`).toBe(def.name);
        for (const t of screen.tabs ?? [])
          if (t.detail) expect(getResource(t.detail.catalog), `${def.detailRoute}.${t.key}`).toBeDefined();
      }
    }
    // Views and detail-only catalogues have no route of their own (and so no menu entry).
    expect(CATALOGS.vwprestador).toBeUndefined();
    expect(CATALOGS.espepres).toBeUndefined();
    expect(getCatalog('vwprestador')?.readOnly).toBe(true);
  });
  it('required fields give the spec message and upper-case fields are upper-cased', () => {
    const def = CATALOGS.tipoiden;
    expect(validateCatalogInput(def, {})).toMatchObject({ codigo: 'El campo Código es obligatorio.' });
    expect(validateCatalogInput(def, { codigo: '  ', nombre: 'x' })).toMatchObject({
      codigo: 'El campo Código es obligatorio.',
    });
    const parsed = catalogInputSchema(def).parse({ codigo: 'c', nombre: 'cédula' });
    expect(parsed).toMatchObject({ codigo: 'C', nombre: 'CÉDULA' });
  });
  it('numbers are checked', () => {
    expect(
      validateCatalogInput(CATALOGS.plan, { nombre: 'X', valor: 'abc', duracionMeses: 0 }),
    ).toMatchObject({
      valor: expect.stringContaining('numérico'),
      duracionMeses: expect.stringContaining('mayor o igual a 1'),
    });
    expect(
      catalogInputSchema(CATALOGS.plan).parse({ nombre: 'x', valor: '12,5', duracionMeses: '3' }),
    ).toMatchObject({
      valor: '12.5',
      duracionMeses: 3,
    });
  });
  it('reference labels are named after the field', () => {
    expect(refLabelKey('idLocalidad')).toBe('localidadNombre');
  });
  it('codes are stored normalised: upper case, no dot, no X padding', () => {
    expect(normalizeCode('j18.1')).toBe('J181');
    expect(normalizeCode('A09X')).toBe('A09');
    expect(normalizeCode('a09.x')).toBe('A09');
    expect(normalizeCode('X59X')).toBe('X59');
    expect(normalizeCode('S06.0X')).toBe('S060');
    expect(
      catalogInputSchema(CATALOGS.diagnostico).parse({ codigo: 'j18.1', codigoPunto: 'j18.1', nombre: 'x' }),
    ).toMatchObject({
      codigo: 'J181',
      codigoPunto: 'J18.1',
    });
  });
  it('select options, date ranges and integer bounds are checked', () => {
    expect(validateCatalogInput(CATALOGS.observacion, { tipo: 'Z', descripcion: 'x' })).toEqual({
      tipo: 'Seleccione una opción válida para Tipo.',
    });
    expect(validateCatalogInput(CATALOGS.observacion, { tipo: 'M', descripcion: 'x' })).toBeNull();
    expect(
      validateCatalogInput(CATALOGS.semana, {
        anio: 2026,
        numero: 54,
        fechaDesde: '2026-03-09',
        fechaHasta: '2026-03-15',
      }),
    ).toEqual({ numero: 'Número debe ser menor o igual a 53.' });
    expect(
      validateCatalogInput(CATALOGS.semana, {
        anio: 2026,
        numero: 10,
        fechaDesde: '2026-03-15',
        fechaHasta: '2026-03-09',
      }),
    ).toEqual({ fechaHasta: 'Fecha hasta no puede ser anterior a Fecha desde.' });
  });
  it('derived money is computed in cents', () => {
    expect(CATALOGS.facturadet.derive?.({ cantidad: 3, valorUni: '0.10' })).toEqual({ total: '0.30' });
    expect(CATALOGS.factura.derive?.({ subtotal: '100.10', iva: '15.02' })).toEqual({ total: '115.12' });
  });
  it('lists may be filtered by reference fields only', () => {
    const q = catalogListQuerySchema(CATALOGS.diagnostico);
    expect(q.parse({ idClasDiag: '7' })).toMatchObject({ idClasDiag: 7, page: 1 });
    expect(q.safeParse({ idClasDiag: 'x' }).success).toBe(false);
    expect(q.parse({ nombre: 'x' })).not.toHaveProperty('nombre');
    // A declared filter on an integer field is an id (a company's persons).
    const personas = catalogListQuerySchema(getResource('persona')!);
    expect(personas.parse({ idEmpresa: '7' })).toMatchObject({ idEmpresa: 7 });
    expect(personas.safeParse({ idEmpresa: 'x' }).success).toBe(false);
    expect(catalogListQuerySchema(getResource('suscripcion')!).parse({ estado: 'VIGENTE' })).toMatchObject({
      estado: 'VIGENTE',
    });
  });
});

describe('master-detail registry', () => {
  it('every screen joins a master to a detail by a reference to that master', () => {
    const routes = MASTER_DETAILS.map((m) => m.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const md of MASTER_DETAILS) {
      expect(getCatalog(md.master), md.route).toBeDefined();
      expect(md.param, md.route).toMatch(/^p_id[a-z]+$/);
      if (!md.detail) {
        expect(md.note ?? md.detailComponent, md.route).toBeTruthy();
        continue;
      }
      const detail = getCatalog(md.detail.catalog);
      const f = detail?.fields.find((x) => x.name === md.detail?.field);
      expect(f?.ref?.catalog, md.route).toBe(md.master);
      for (const h of md.headerFields ?? [])
        expect(
          getCatalog(md.master)?.fields.map((x) => x.name),
          md.route,
        ).toContain(h);
    }
  });
  it('covers the master-detail routes of docs/spec-summary.md 002 whose parts are plain catalogues', () => {
    const routes = MASTER_DETAILS.map((m) => m.route);
    for (const r of [
      'clasdiag_diagnostico',
      'claselem_elemento',
      'diagnostico_diagaten',
      'especialidad_medico',
      'factura_facturadet',
      'formapago_suscripcion',
      'localidad_empresa',
      'localidad_persona',
      'especialidad_espepres',
      'asegurador-clasaseg',
      'elemento_elempres',
      'prestador_elempres',
    ])
      expect(routes).toContain(r);
  });
});

describe('company settings', () => {
  it('opening hours take HH:mm times and a weekday 1–7', async () => {
    const { horario } = await import('./empresa.ts');
    expect(
      validateCatalogInput(horario, { idEmpresa: 1, diaSemana: 1, horaDesde: '08:00', horaHasta: '17:30' }),
    ).toBeNull();
    expect(
      validateCatalogInput(horario, { idEmpresa: 1, diaSemana: 8, horaDesde: '24:00', horaHasta: '8:00' }),
    ).toEqual({
      diaSemana: 'Día (1 lunes … 7 domingo) debe ser menor o igual a 7.',
      horaDesde: 'Hora desde debe ser una hora válida (HH:mm).',
      horaHasta: 'Hora hasta debe ser una hora válida (HH:mm).',
    });
  });
});

describe('values PostgreSQL would refuse are refused by the schema, in Spanish', () => {
  it('integers beyond the column, decimals beyond numeric(14, 2), days that do not exist', () => {
    const walk = (kind: 'integer' | 'decimal' | 'date') =>
      Object.values(ALL_CATALOGS).flatMap((def) =>
        def.fields.filter((f) => f.type === kind && f.form !== false).map((f) => ({ def, f })),
      );
    const cases = [
      ...walk('integer').map(({ def, f }) => ({ def, f, bad: 2_147_483_648 })),
      ...walk('decimal').map(({ def, f }) => ({ def, f, bad: '1000000000000.00' })),
      ...walk('date').map(({ def, f }) => ({ def, f, bad: '2026-02-30' })),
    ];
    expect(cases.length).toBeGreaterThan(5);
    for (const { def, f, bad } of cases) {
      const errors = validateCatalogInput(def, { [f.name]: bad });
      expect(errors?.[f.name], `${def.name}.${f.name}`).toMatch(
        /fuera del rango|fecha válida|menor o igual|nulo/,
      );
    }
  });
});
