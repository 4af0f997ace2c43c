import { describe, expect, it } from 'vitest';
import { clearListParams, patchListParams, readListParams } from '../../components/list-params.ts';
import {
  abreEnPopup,
  apiQuery,
  type ContextoLista,
  cambioDeVista,
  columnasAtenciones,
  columnasPendientes,
  controlLabel,
  cuentaIds,
  dobleClicAbre,
  exportQuery,
  FILTER_KEYS,
  filtrosPendientes,
  filtrosVisibles,
  hayFiltros,
  NS,
  na,
  opcionesAtencion,
  opcionesDeshabilitadas,
  periodoLabel,
  popupPath,
  puedeMarcarTodas,
  puedeNivel,
  recordPath,
  resolveVista,
  vistasDisponibles,
  vistaTrasFiltrar,
  vistaTrasMensaje,
} from './atenciones-rules.ts';
import {
  BUSQUEDA_INICIAL,
  borrarBusqueda,
  buscarQuery,
  busquedaStorageKey,
  errorBusqueda,
  guardarBusqueda,
  leerBusqueda,
} from './busqueda.ts';

const opts = { namespace: NS, filterKeys: FILTER_KEYS, defaultSort: 'numero' };
const leer = (qs: string) => readListParams(new URLSearchParams(qs), opts);
const ctx = (over: Partial<ContextoLista> = {}): ContextoLista => ({
  idTramite: 7,
  idPerfil: 17,
  estadoTramite: 'EN PROCESO',
  modo: 'atenciones',
  ...over,
});

describe('columns per profile and procedure state', () => {
  const base = ['numero', 'fechaDesde', 'cedula', 'nombre', 'cedulaMedico', 'diag1'];
  const tail = ['duplicada', 'archivos', 'nivel1', 'nivel2', 'opciones'];

  it('Estado AM to 16, 17, 18; Estado GD to 16, 19, 20; neither to the provider', () => {
    expect(columnasAtenciones(16, 'EN PROCESO')).toEqual([...base, 'estadoAud', 'estadoDoc', ...tail]);
    expect(columnasAtenciones(17, 'EN PROCESO')).toEqual([...base, 'estadoAud', ...tail]);
    expect(columnasAtenciones(18, 'RECIBIDO')).toEqual([...base, 'estadoAud', ...tail]);
    expect(columnasAtenciones(19, 'EN PROCESO')).toEqual([...base, 'estadoDoc', ...tail]);
    expect(columnasAtenciones(20, 'RECIBIDO')).toEqual([...base, 'estadoDoc', ...tail]);
    expect(columnasAtenciones(15, 'EN PROCESO')).toEqual([...base, ...tail]);
  });

  it('state columns only while RECIBIDO or EN PROCESO', () => {
    for (const estado of ['ENVIADO', 'PLANILLAJE', 'OBSERVACIONES', 'FINALIZADO', 'ESTRUCTURADO']) {
      expect(columnasAtenciones(16, estado)).toEqual([...base, ...tail]);
      expect(columnasPendientes(16, estado)).toEqual([
        'idPlanilla',
        'cedula',
        'nombre',
        'numeroExt',
        'fechaDesde',
        'fechaHasta',
      ]);
    }
  });

  it('pending list columns: ID, Cédula, Nombre, Número Ext, the visible states, Desde, Hasta', () => {
    expect(columnasPendientes(16, 'EN PROCESO')).toEqual([
      'idPlanilla',
      'cedula',
      'nombre',
      'numeroExt',
      'estadoAud',
      'estadoDoc',
      'fechaDesde',
      'fechaHasta',
    ]);
    expect(columnasPendientes(19, 'EN PROCESO')).toContain('estadoDoc');
    expect(columnasPendientes(19, 'EN PROCESO')).not.toContain('estadoAud');
  });

  it('filters of the panel follow the same rules; Periodo is hidden on a fixed load', () => {
    expect(filtrosVisibles(17, 'EN PROCESO')).toContain('estadoAud');
    expect(filtrosVisibles(17, 'EN PROCESO')).not.toContain('estadoDoc');
    expect(filtrosVisibles(20, 'EN PROCESO')).toContain('estadoDoc');
    expect(filtrosVisibles(16, 'PLANILLAJE')).not.toContain('estadoAud');
    expect(filtrosVisibles(15, 'EN PROCESO')).toEqual([
      'idCarga',
      'fecha',
      'nombreMedico',
      'idEspecialidad',
      'numero',
      'cedula',
      'nombre',
      'nivel',
      'duplicadas',
    ]);
    expect(filtrosVisibles(17, 'EN PROCESO', 5)).not.toContain('idCarga');
  });

  it('pending-list state filters leave out the column that already makes the list pending', () => {
    expect(filtrosPendientes(16, 'EN PROCESO')).toEqual({ estadoAud: true, estadoDoc: true });
    expect(filtrosPendientes(17, 'EN PROCESO')).toEqual({ estadoAud: false, estadoDoc: false });
    expect(filtrosPendientes(16, 'PLANILLAJE')).toEqual({ estadoAud: false, estadoDoc: false });
  });
});

describe('views', () => {
  it('auditors get the review views, the pending list and the search; the provider fewer', () => {
    expect(vistasDisponibles(17, 'atenciones')).toEqual([
      'TODAS',
      'PENDIENTES',
      'REVISADAS',
      'ANULADAS',
      'FILTROS',
      'BUSCAR',
    ]);
    expect(vistasDisponibles(15, 'atenciones')).toEqual(['TODAS', 'ANULADAS', 'FILTROS']);
    expect(vistasDisponibles(17, 'sin-documentacion')).toEqual([]);
    expect(resolveVista('PENDIENTES', vistasDisponibles(15, 'atenciones'))).toBe('TODAS');
    expect(resolveVista('REVISADAS', vistasDisponibles(18, 'atenciones'))).toBe('REVISADAS');
    expect(resolveVista(undefined, [])).toBe('TODAS');
  });

  it('a filtered TODAS becomes FILTROS and an unfiltered FILTROS goes back to TODAS', () => {
    expect(vistaTrasFiltrar('TODAS', { cedula: '0911' })).toBe('FILTROS');
    expect(vistaTrasFiltrar('TODAS', { cedula: '  ' })).toBe('TODAS');
    expect(vistaTrasFiltrar('FILTROS', {})).toBe('TODAS');
    expect(vistaTrasFiltrar('REVISADAS', { nombre: 'ANA' })).toBe('REVISADAS');
    expect(vistaTrasFiltrar('TODAS', { control: '2' })).toBe('FILTROS');
    expect(hayFiltros({ sinNumeroExt: '1' })).toBe(false);
  });

  it('a review reported by the popup switches to its list, except from the search', () => {
    const todas = vistasDisponibles(17, 'atenciones');
    expect(vistaTrasMensaje('TODAS', 'PENDIENTES', todas)).toBe('PENDIENTES');
    expect(vistaTrasMensaje('BUSCAR', 'TODAS', todas)).toBe('BUSCAR');
    expect(vistaTrasMensaje('ANULADAS', 'REVISADAS', vistasDisponibles(15, 'atenciones'))).toBe('ANULADAS');
  });

  it('changing view keeps the panel between table views, clears it for Todas and the other screens', () => {
    expect(cambioDeVista('FILTROS', 'REVISADAS')).toEqual({ vista: 'REVISADAS' });
    const limpio = cambioDeVista('FILTROS', 'TODAS');
    expect(limpio.vista).toBeNull();
    expect(limpio.cedula).toBeNull();
    expect(limpio.control).toBeNull();
    expect(cambioDeVista('TODAS', 'PENDIENTES').sinNumeroExt).toBeNull();
    expect(cambioDeVista('PENDIENTES', 'ANULADAS').estadoAud).toBeNull();
  });
});

describe('filters ↔ URL ↔ API', () => {
  it('filters live under the pl. namespace and round-trip through the URL', () => {
    let sp = new URLSearchParams('tab=atenciones');
    sp = patchListParams(sp, { filters: { vista: 'FILTROS', cedula: '0911', idCarga: 3 } }, opts);
    sp = patchListParams(sp, { page: 4 }, opts);
    expect(sp.toString()).toBe('tab=atenciones&pl.vista=FILTROS&pl.cedula=0911&pl.idCarga=3&pl.page=4');
    expect(leer(sp.toString())).toEqual({
      q: '',
      page: 4,
      sort: 'numero',
      filters: { vista: 'FILTROS', cedula: '0911', idCarga: '3' },
    });
    // A new filter goes back to page 1; clearing keeps the tab.
    sp = patchListParams(sp, { filters: { nombre: 'ana' } }, opts);
    expect(sp.get('pl.page')).toBeNull();
    expect(clearListParams(sp, opts).toString()).toBe('tab=atenciones');
  });

  it('the API query: view, upper-case texts, page of 10, sort only when not the default', () => {
    const p = leer('pl.vista=FILTROS&pl.nombre=josé%20á&pl.numero=a01&pl.nivel=2&pl.page=3&pl.sort=-nombre');
    expect(apiQuery(ctx(), 'FILTROS', p)).toEqual({
      idTramite: 7,
      vista: 'FILTROS',
      nombre: 'JOSÉ Á',
      numero: 'A01',
      nivel: '2',
      page: 3,
      pageSize: 10,
      sort: '-nombre',
    });
    expect(apiQuery(ctx(), 'TODAS', leer(''))).toEqual({
      idTramite: 7,
      vista: 'TODAS',
      page: 1,
      pageSize: 10,
    });
  });

  it('links from the Controles tab: pl.control and pl.ids reach the API', () => {
    expect(apiQuery(ctx(), 'TODAS', leer('pl.control=3'))).toMatchObject({ control: '3' });
    expect(apiQuery(ctx(), 'TODAS', leer('pl.ids=4,5,6'))).toMatchObject({ ids: '4,5,6' });
    expect(controlLabel('3')).toBe('Control 3: Tarifas');
    expect(controlLabel(9)).toBeNull();
    expect(cuentaIds('4,5,6')).toBe(3);
    expect(cuentaIds(undefined)).toBe(0);
  });

  it('state filters only for the profiles and states that show them', () => {
    const p = leer('pl.estadoAud=REVISADA&pl.estadoDoc=PENDIENTE');
    expect(apiQuery(ctx({ idPerfil: 17 }), 'FILTROS', p)).toMatchObject({ estadoAud: 'REVISADA' });
    expect(apiQuery(ctx({ idPerfil: 17 }), 'FILTROS', p).estadoDoc).toBeUndefined();
    expect(apiQuery(ctx({ idPerfil: 20 }), 'FILTROS', p)).toMatchObject({ estadoDoc: 'PENDIENTE' });
    const planillaje = apiQuery(ctx({ idPerfil: 16, estadoTramite: 'PLANILLAJE' }), 'FILTROS', p);
    expect(planillaje.estadoAud).toBeUndefined();
    expect(planillaje.estadoDoc).toBeUndefined();
  });

  it('the pending list sends only its own filters; the tab without documents asks sinArchivos', () => {
    const p = leer('pl.vista=PENDIENTES&pl.sinNumeroExt=1&pl.cedula=09&pl.estadoDoc=REVISADA');
    expect(apiQuery(ctx({ idPerfil: 16 }), 'PENDIENTES', p)).toEqual({
      idTramite: 7,
      vista: 'PENDIENTES',
      sinNumeroExt: '1',
      estadoDoc: 'REVISADA',
      page: 1,
      pageSize: 10,
    });
    expect(apiQuery(ctx({ modo: 'sin-documentacion' }), 'TODAS', leer(''))).toMatchObject({ sinArchivos: 1 });
  });

  it('a fixed load (/cargaplanilla) overrides the Periodo filter; the export drops paging', () => {
    const q = apiQuery(ctx({ idCargaFija: 12 }), 'FILTROS', leer('pl.idCarga=3&pl.page=2&pl.sort=-numero'));
    expect(q.idCarga).toBe(12);
    expect(exportQuery(q)).toEqual({ idTramite: 7, vista: 'FILTROS', idCarga: 12 });
  });
});

describe('row rules', () => {
  const user = (idPerfil: number, idUsuario = 5) => ({ idPerfil, idUsuario });
  const row = (over = {}) => ({ idUsuarioMed: 5, idUsuarioDoc: 9, estado: 1, ...over });

  it('level boxes: processors and supervision, in a working state, not annulled', () => {
    expect(puedeNivel(user(17), 'EN PROCESO', row())).toBe(true);
    expect(puedeNivel(user(18), 'EN PROCESO', row())).toBe(true);
    expect(puedeNivel(user(18), 'EN PROCESO', row({ idUsuarioMed: 6 }))).toBe(false);
    expect(puedeNivel(user(20, 9), 'PLANILLAJE', row())).toBe(true);
    expect(puedeNivel(user(16), 'EN PROCESO', row({ estado: 0 }))).toBe(false);
    expect(puedeNivel(user(17), 'FINALIZADO', row())).toBe(false);
    expect(puedeNivel(user(15), 'EN PROCESO', row())).toBe(false);
    expect(puedeMarcarTodas(19, 'RECIBIDO')).toBe(true);
    expect(puedeMarcarTodas(18, 'RECIBIDO')).toBe(false);
    expect(puedeMarcarTodas(17, 'ENVIADO')).toBe(false);
  });

  it('options: Resumen for all, Detalles for auditors, Borrar/Restaurar for 16, 17, 19; disabled when FINALIZADO', () => {
    expect(opcionesAtencion(15, { estado: 1 })).toEqual(['resumen']);
    expect(opcionesAtencion(18, { estado: 1 })).toEqual(['resumen', 'detalles']);
    expect(opcionesAtencion(17, { estado: 1 })).toEqual(['resumen', 'detalles', 'borrar']);
    expect(opcionesAtencion(16, { estado: 0 })).toEqual(['resumen', 'detalles', 'restaurar']);
    expect(opcionesDeshabilitadas('FINALIZADO')).toBe(true);
    expect(opcionesDeshabilitadas('EN PROCESO')).toBe(false);
  });

  it('double-click: summary for the provider, the record for 16–20; modifiers open the popup', () => {
    expect(dobleClicAbre(15)).toBe('resumen');
    for (const p of [16, 17, 18, 19, 20]) expect(dobleClicAbre(p)).toBe('registro');
    expect(abreEnPopup({ ctrlKey: true })).toBe(true);
    expect(abreEnPopup({ metaKey: true })).toBe(true);
    expect(abreEnPopup({ button: 1 })).toBe(true);
    expect(abreEnPopup({ button: 0 })).toBe(false);
  });

  it('record and popup paths encode the state', () => {
    expect(recordPath(7, 'EN PROCESO', 55)).toBe('/planillaform/7/EN%20PROCESO/55');
    expect(popupPath(7, 'RECIBIDO', 55, 'PENDIENTES')).toBe('/planillaformpopup/7/RECIBIDO/55/PENDIENTES');
    expect(popupPath(7, 'RECIBIDO', 55, 'BUSCAR')).toBe('/planillaformpopup/7/RECIBIDO/55/TODAS');
  });

  it('formats the Periodo options and the summary empties', () => {
    expect(periodoLabel({ fechaDesde: '2026-03-02', fechaHasta: '2026-03-08', tipoCarga: 'S' })).toBe(
      '02/03/2026 – 08/03/2026 · Semanal',
    );
    expect(
      periodoLabel({ fechaDesde: '2026-03-01T00:00:00.000Z', fechaHasta: '2026-03-31', tipoCarga: 'A' }),
    ).toBe('01/03/2026 – 31/03/2026 · Autorización');
    expect(na(null)).toBe('N/A');
    expect(na(' ')).toBe('N/A');
    expect(na('J181')).toBe('J181');
  });
});

describe('record search kept for the session', () => {
  const memoria = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      m,
    };
  };

  it('saves per procedure, reads back, ignores malformed entries', () => {
    const s = memoria();
    expect(leerBusqueda(s, 7)).toEqual(BUSQUEDA_INICIAL);
    guardarBusqueda(s, 7, { tipo: 'nombres', valor: 'ana', soloPendientes: true, page: 2 });
    expect(leerBusqueda(s, 7)).toEqual({
      tipo: 'nombres',
      valor: 'ana',
      desde: null,
      hasta: null,
      soloPendientes: true,
      page: 2,
    });
    expect(leerBusqueda(s, 8)).toEqual(BUSQUEDA_INICIAL);
    s.setItem(busquedaStorageKey(9), '{not json');
    expect(leerBusqueda(s, 9)).toEqual(BUSQUEDA_INICIAL);
    s.setItem(busquedaStorageKey(9), JSON.stringify({ tipo: 'otro', page: -1, desde: 'x' }));
    expect(leerBusqueda(s, 9)).toMatchObject({ tipo: undefined, page: 1, desde: null });
    borrarBusqueda(s, 7);
    expect(leerBusqueda(s, 7)).toEqual(BUSQUEDA_INICIAL);
  });

  it('builds the API query: value for words, range for total, pending flag', () => {
    expect(buscarQuery(7, { tipo: 'diagnosticos', valor: ' J18 ', soloPendientes: false, page: 1 })).toEqual({
      idTramite: 7,
      tipo: 'diagnosticos',
      valor: 'J18',
      page: 1,
      pageSize: 10,
    });
    expect(
      buscarQuery(7, { tipo: 'total', valor: 'x', desde: 10, hasta: 0, soloPendientes: true, page: 3 }),
    ).toEqual({
      idTramite: 7,
      tipo: 'total',
      desde: '10',
      hasta: '0',
      soloPendientes: 1,
      page: 3,
      pageSize: 10,
    });
    expect(errorBusqueda({ tipo: 'total', desde: 10, hasta: 0, soloPendientes: false, page: 1 })).toBe(
      'El valor desde debe ser menor o igual al valor hasta.',
    );
    expect(errorBusqueda({ tipo: 'total', desde: 0, hasta: 10, soloPendientes: false, page: 1 })).toBeNull();
  });
});
