/** The procedure view of docs/spec-summary.md 000 §3 (alias t), with the names a screen needs. */
export const TRAMITE_VIEW = `
  t.id_tramite AS "idTramite", t.numero, t.fecha_reg AS "fechaReg", t.estado_tramite AS "estadoTramite",
  t.id_prestador AS "idPrestador", p.nombre_comercial AS "nombreComercial", t.id_servicio AS "idServicio",
  s.nombre AS "servicioNombre", e.nombre_corto AS "aseguradorNombre", t.fecha_desde AS "fechaDesde",
  t.fecha_hasta AS "fechaHasta", t.descripcion, t.num_semana AS "numSemana", t.max_semanas AS "maxSemanas",
  t.frecuencia_carga AS "frecuenciaCarga", t.tipo_asignacion AS "tipoAsignacion", t.tiene_apr AS "tieneApr",
  t.fecha_ini_aud AS "fechaIniAud", t.fecha_fin_aud AS "fechaFinAud", t.version, t.fecha_act AS "fechaAct",
  (SELECT count(*)::int FROM carga c WHERE c.id_tramite = t.id_tramite AND c.estado = 1) AS "numCargas",
  (SELECT count(*)::int FROM planilla pl WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1) AS "numPlanillas"`;

export const TRAMITE_FROM = `FROM tramite t
  JOIN prestador p ON p.id_prestador = t.id_prestador
  JOIN servicio s ON s.id_servicio = t.id_servicio
  JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora`;
